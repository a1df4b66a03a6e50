import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// The analysis commands on traces that are damaged, cut off or not traces at all: an answer
/// from the intact part and a statement of what is missing, never a crash.
@Suite("Analysis commands on bad input")
struct AnalysisBadInputTests {
    /// The checkout session in small chunks, with one byte of the chunk holding action 6
    /// (checkout) flipped.
    static func damagedTrace(in directory: TemporaryDirectory) throws -> (path: String, damaged: ChunkInfo) {
        let path = directory.path("damaged.sstrace")
        let chunks = try CheckoutTrace.write(to: path, chunkSize: 200)
        let damaged = try #require(chunks.first { $0.seqRange?.contains(6) == true })
        #expect(damaged.seqRange?.contains(1) == false, "the damage must leave earlier actions readable")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[Int(damaged.offset) + ChunkHeader.size + 3] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
        return (path, damaged)
    }

    @Test("every analysis command answers a damaged trace from its intact part, says what is missing, exits 1", arguments: [
        ["effects"], ["stats"], ["export", "--format", "chrome-trace"], ["export", "--format", "ndjson"], ["effects", "--json"], ["stats", "--json"],
    ])
    func damagedTraceIsAnsweredFromTheIntactPart(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let (path, damaged) = try Self.damagedTrace(in: directory)
        let run = try InProcess.storescope(command + [path])
        #expect(run.status == 1, "stderr: \(run.stderr)")
        let range = "bytes \(damaged.offset)…\(damaged.endOffset - 1) (\(damaged.endOffset - damaged.offset) bytes) could not be read"
        #expect(run.stderr.contains("warning: \(range) (chunk checksum mismatch); the records in them are missing\n"), "stderr: \(run.stderr)")
        #expect(run.stderr.hasSuffix("warning: the answer above covers only the readable part of the trace\n"))
        #expect(!run.stdout.isEmpty, "an answer from the intact part")
        if command.contains("chrome-trace") { try ExportCommandTests.validate(run.stdout) }
        if command == ["stats"] {
            #expect(run.stdout.contains("gaps: 1 damaged part\n  \(range)"))
            #expect(run.stdout.contains("  CartAction.pricesLoaded      1      0"), "the action whose patch is in the damaged part is not called a no-op")
        }
    }

    @Test("compare of a damaged trace with its intact original reports the lost action as a gap, exit 1")
    func compareWithADamagedTrace() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try Self.damagedTrace(in: directory)
        let original = directory.path("original.sstrace")
        try CheckoutTrace.write(to: original)
        let compare = try InProcess.storescope(["compare", original, path])
        #expect(compare.status == 1)
        // Paired by seq (issue 19, item 11): the damage is a gap, not a divergence.
        #expect(compare.stdout.hasPrefix("equal where both have the action: 6 actions compared"), "\(compare.stdout)")
        #expect(compare.stdout.contains("gap: B has no #6 (lost in a damaged part, or dropped by its recorder): 1 action of A not compared\n"))
        #expect(compare.stderr.contains("could not be read"))
    }

    @Test("a file that is not a trace exits 2 with the reason; an empty one too", arguments: ["effects", "stats", "export", "compare"])
    func notATrace(command: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try Data("hello, not a trace\n".utf8).write(to: URL(fileURLWithPath: path))
        var arguments = [command, path]
        if command == "export" { arguments += ["--format", "ndjson"] }
        if command == "compare" { arguments.append(path) }
        let run = try InProcess.storescope(arguments)
        #expect(run.status == 2, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: \(path): "))
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
    }

    @Test("a trace cut in the middle of a chunk is answered up to the cut, exit 1")
    func tornTrace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("torn.sstrace")
        let chunks = try CheckoutTrace.write(to: path, chunkSize: 200)
        let last = try #require(chunks.last)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(last.offset) + 70)
        try handle.close()
        let effects = try InProcess.storescope(["effects", path])
        #expect(effects.status == 1)
        #expect(effects.stdout.contains("effect 1 \"loadPrices\" in cart"))
        #expect(effects.stderr.contains("are an incomplete last chunk (the session was cut off)"))
    }
}
