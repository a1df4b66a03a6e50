import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceAnalysis

/// Stepping through a filter that matches rarely or never: the session remembers the chunks
/// where a filter has no match, so the viewer's keys read the trace once, not once per key.
/// Counted in chunk decodes (with no chunk cache), never in time.
@Suite("Filter scan memo")
struct FilterScanMemoTests {
    @Test("A filter that matches nothing decodes each chunk once, however often the viewer asks")
    func noMatchIsLearntOnce() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"))
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 4))
        let nothing = try Filter(parsing: "store:nothing")
        #expect(session.action(after: 0, matching: nothing) == nil)
        let firstScan = session.chunkDecodes
        #expect(firstScan >= session.chunks.count - 1, "the first scan reads the trace")
        #expect(session.action(after: 200, matching: nothing) == nil)
        #expect(session.action(before: 300, matching: nothing) == nil)
        #expect(session.action(before: .max, matching: nothing) == nil)
        session.forEachAction(in: 100...UInt64.max, matching: nothing) { _ in true }
        #expect(session.chunkDecodes == firstScan, "later scans pass the remembered chunks undecoded")
        // Another filter is not answered from this one's memo.
        #expect(session.action(after: 0, matching: try Filter(parsing: "seq:399"))?.seq == 399)
    }

    @Test("A scan in parts remembers the chunks at the parts' edges too: a later scan of the whole trace decodes none", arguments: [1, 4])
    func partsRememberTheirEdges(chunksPerPart: Int) throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"))
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 4))
        let nothing = try Filter(parsing: "store:nothing")
        // What the viewer does applying a filter: from the selection forward to the end, then
        // backward to the start, a few chunks at a time, each starting after (or
        // before) the last seq of the one before, so most parts begin and end inside a chunk.
        let origin: UInt64 = 150
        var resume = origin - 1
        while let end = session.partEnd(after: resume, chunks: chunksPerPart) {
            session.forEachAction(in: (resume + 1)...end, matching: nothing) { _ in true }
            resume = end
        }
        resume = origin
        while let start = session.partStart(before: resume, chunks: chunksPerPart) {
            #expect(session.actions(before: resume, after: start - min(start, 1), matching: nothing, limit: 1).isEmpty)
            resume = start
        }
        let scanned = session.chunkDecodes
        session.forEachAction(in: (origin - 10)...UInt64.max, matching: nothing) { _ in true }
        session.forEachAction(matching: nothing) { _ in true }
        #expect(session.actions(before: .max, after: 0, matching: nothing, limit: 30).isEmpty)
        #expect(session.chunkDecodes == scanned, "\(session.chunkDecodes - scanned) chunks were decoded again")
    }

    @Test("Remembered chunks change no answer: every filter steps through the same actions forward and backward", arguments: [
        "reducer:>1ms", "seq:5 or seq:390", "store:nothing", "effect:load@failed", "path:.items", "not seq:1..398",
    ])
    func answersAreUnchanged(text: String) throws {
        let directory = try TemporaryDirectory()
        for dropped in [nil, 120...130] as [ClosedRange<UInt64>?] {
            let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), dropped: dropped)
            let filter = try Filter(parsing: text)
            let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 2048, states: 2))
            var expected: [UInt64] = []
            session.forEachAction(matching: filter) { item in
                if case let .action(entry) = item { expected.append(entry.seq) }
                return true
            }
            var forward: [UInt64] = [], seq: UInt64 = 0
            while let next = session.action(after: seq, matching: filter) { forward.append(next.seq); seq = next.seq }
            var backward: [UInt64] = []
            seq = .max
            while let previous = session.action(before: seq, matching: filter) { backward.append(previous.seq); seq = previous.seq }
            var again: [UInt64] = []
            session.forEachAction(in: 1...UInt64.max, matching: filter) { item in
                if case let .action(entry) = item { again.append(entry.seq) }
                return true
            }
            #expect(forward == expected)
            #expect(backward == expected.reversed())
            #expect(again == expected)
            #expect(text != "store:nothing" || expected.isEmpty)
        }
    }

    @Test("New records make the session forget what it learnt: a growing trace's new matches are found")
    func refreshForgets() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sstrace")
        let writer = try TraceFixture.writer(at: path, chunkSize: 256)
        func action(_ seq: UInt64, _ store: String) throws {
            try writer.append(.action(ActionRecord(seq: seq, store: store, monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: .string("a\(seq)"))))
        }
        for seq in 1...40 { try action(UInt64(seq), "main") }
        try writer.flush()
        let session = try TraceSession(path: path)
        let late = try Filter(parsing: "store:late")
        #expect(session.action(after: 0, matching: late) == nil)
        try action(41, "late")
        try writer.flush()
        #expect(try session.refresh())
        #expect(session.action(after: 0, matching: late)?.seq == 41)
        #expect(session.action(before: .max, matching: late)?.seq == 41)
        try writer.close()
    }
}
