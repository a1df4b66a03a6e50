import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// Words in user text (issue 19, item 24): counts agree with their nouns, byte ranges read as
/// people count them, no Swift range notation, numbers in JSON that jq keeps exact.
@Suite("Wording", .tags(.process))
struct WordingTests {
    @Test("check counts one keyframe as 'keyframe' and says how the index was found without nested parentheses")
    func checkCounts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("one.sstrace")
        let writer = try TraceWriter(path: path, header: SmallTrace.header)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .int(0))))
        try writer.append(SmallTrace.action(1, "x"))
        try writer.flush()
        let check = try InProcess.storescope(["check", path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\nindex:     rebuilt by scanning: no footer index (the session was not closed cleanly)\n"), "\(check.stdout)")
        #expect(check.stdout.contains("\nrecords:   2 (1 action, #1…#1, 0 patches, 1 keyframe, 0 effect events, 0 logs)\n"), "\(check.stdout)")
    }

    @Test("stats of a session without actions says so without '0 stores ()'; one damaged part is 'part'")
    func statsCounts() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.path("empty.sstrace")
        try SmallTrace.write([], to: empty)
        let stats = try InProcess.storescope(["stats", empty])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.hasPrefix("actions: 0\n"), "\(stats.stdout)")
    }

    @Test("a damaged chunk's bytes read 'bytes 96…499', first and last, never '96..<500'")
    func byteRanges() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.sstrace")
        let chunks = try CheckoutTrace.write(to: path, chunkSize: 200)
        let damaged = chunks[1]
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[Int(damaged.offset) + ChunkHeader.size + 3] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
        let last = damaged.endOffset - 1
        for command in [["check"], ["cat"], ["stats"], ["log"], ["effects"]] {
            let run = try InProcess.storescope(command + [path])
            let text = run.stdout + run.stderr
            #expect(text.contains("bytes \(damaged.offset)…\(last)"), "\(command): \(text)")
            #expect(!text.contains("..<"), "\(command): \(text)")
        }
    }

    @Test("wallNanos is a string in JSON, so jq keeps every digit; the Chrome trace's seqs are numbers")
    func jsonNumbers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: path)
        let cat = try InProcess.storescope(["cat", "--json", path])
        let walls = try Analysis.jq(["-r", "select(.kind == \"action\" and .seq == 9) | .wallNanos"], input: cat.stdout)
        #expect(walls.stdout == "1764563043200000000\n")
        let chrome = try InProcess.storescope(["export", "--format", "chrome-trace", path])
        let args = try Analysis.jq(["-c", ".traceEvents[] | select(.cat == \"log\" or .cat == \"dropped\") | .args"], input: chrome.stdout)
        #expect(args.stdout == #"{"firstSeq":7,"lastSeq":8}"# + "\n" + #"{"level":"mark","afterSeq":8}"# + "\n")
    }
}
