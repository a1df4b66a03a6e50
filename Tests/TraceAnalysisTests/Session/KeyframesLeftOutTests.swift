import StoreScopeTestSupport
import Testing
@testable import TraceAnalysis
import TraceFormat

/// A session that leaves large keyframes out of its action scans (what the viewer's timeline
/// reads) answers every question as one that builds them.
@Suite("Action scans that leave large keyframes out")
struct KeyframesLeftOutTests {
    /// Two stores: "big" with keyframes of 1,000 entries (2,001 nodes), "small" with keyframes
    /// of one field; patches, effects and logs between; one action's keyframe opens the next
    /// chunk.
    static func trace(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/mixed.sstrace"
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Mixed"), chunkSize: 1 << 20)
        var big = TraceFixture.numbers(1_000)
        func small(_ n: Int64) -> TraceValue { .structure(type: "Small", fields: [.init("n", .int(n))]) }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "big", state: big)))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "small", state: small(0))))
        for seq in UInt64(1)...9 {
            let store = seq % 3 == 0 ? "small" : "big"
            try writer.append(TraceFixture.action(seq, store: store, payload: [.init("n", .int(Int64(seq)))]))
            if seq == 4 || seq == 7 { try writer.flush() }  // their keyframes open the next chunk
            if store == "small" {
                try writer.append(.keyframe(Keyframe(seq: seq, store: "small", state: small(Int64(seq)))))
            } else if seq % 2 == 0 {
                try big.apply([.set(path: [.key(.string("k\(seq)"))], value: .int(-Int64(seq)))])
                try writer.append(.keyframe(Keyframe(seq: seq, store: "big", state: big)))
            } else {
                let operation = PatchOperation.set(path: [.key(.string("k\(seq)"))], value: .int(-Int64(seq)))
                try big.apply([operation])
                try writer.append(.patch(StatePatch(seq: seq, store: "big", operations: [operation])))
            }
            try writer.append(.log(LogRecord(level: .info, message: "after #\(seq)", monotonicNanos: seq * 1_000 + 1, seq: seq)))
            if seq % 2 == 1 { try writer.flush() }
        }
        try writer.close()
        return path
    }

    @Test("entries are those of a whole read, with the large keyframes left out and marked; changes and states are the same")
    func sameAnswers() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.trace(in: directory)
        let whole = try TraceSession(path: path)
        let light = try TraceSession(path: path, budget: .init(chunkBytes: 0, states: 0), keyframesLeftOutOfActions: 500)

        var wholeEntries: [ActionEntry] = [], lightEntries: [ActionEntry] = []
        whole.forEachAction { if case let .action(entry) = $0 { wholeEntries.append(entry) }; return true }
        light.forEachAction { if case let .action(entry) = $0 { lightEntries.append(entry) }; return true }
        #expect(wholeEntries.map(\.seq) == Array(1...9))
        let leftOut = wholeEntries.filter { $0.keyframe?.hasMoreNodes(than: 500) == true }.map(\.seq)
        #expect(leftOut == [2, 4, 8], "the big store's keyframes; the small store's are built")
        #expect(lightEntries == wholeEntries.map { leftOut.contains($0.seq) ? $0.leavingOutKeyframe() : $0 })
        // Backwards, a chunk at a time, the same entries.
        #expect(light.actions(before: 10, after: 0, limit: 9).reversed() == lightEntries)
        #expect(light.lastAction() == lightEntries.last)

        for (entry, wholeEntry) in zip(lightEntries, wholeEntries) {
            #expect(light.changes(of: entry) == whole.changes(of: wholeEntry), "#\(entry.seq)")
            let store = entry.action.store
            #expect(light.state(of: store, after: entry.seq).value == whole.state(of: store, after: entry.seq).value, "#\(entry.seq)")
        }
        #expect(light.reader.headerMismatches.isEmpty, "a left-out keyframe still counts as the keyframe its header claims")
    }

    @Test("a scan builds none of the large keyframes, and reads each chunk once")
    func buildsNone() throws {
        let directory = try TemporaryDirectory()
        let light = try TraceSession(path: try Self.trace(in: directory), keyframesLeftOutOfActions: 500)
        let opened = light.chunkDecodes
        var seqs: [UInt64] = []
        light.forEachAction { if case let .action(entry) = $0 { seqs.append(entry.seq) }; return true }
        light.forEachAction { _ in true }
        #expect(seqs == Array(1...9))
        #expect(light.chunkDecodes - opened <= light.reader.chunks.count, "the second scan reads what the first kept")
        // Chunks with a left-out keyframe are kept apart from the whole ones, which never hold them.
        for index in light.reader.chunks.indices {
            guard let records = light.cache.records(ofChunk: index) else { continue }
            for case let .keyframe(keyframe) in records {
                #expect(!keyframe.state.hasMoreNodes(than: 500), "chunk \(index) holds a large keyframe")
            }
        }
        #expect(!light.leftOutKeyframes.isEmpty)
    }

    @Test("the action at a time is the same, and finding it builds none of the large keyframes")
    func actionAtATime() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.trace(in: directory)
        let whole = try TraceSession(path: path)
        let light = try TraceSession(path: path, keyframesLeftOutOfActions: 500)
        // TraceFixture puts #n at n µs: each action's time, moments between, and after the last.
        var answers: [UInt64] = []
        for nanos in stride(from: UInt64(0), through: 10_000, by: 250) {
            answers.append(light.seq(atTime: nanos))
            #expect(answers.last == whole.seq(atTime: nanos), "\(nanos) ns")
        }
        #expect(Set(answers) == Set(0...9))
        for index in light.reader.chunks.indices {
            guard let records = light.cache.records(ofChunk: index) else { continue }
            for case let .keyframe(keyframe) in records {
                #expect(!keyframe.state.hasMoreNodes(than: 500), "chunk \(index), read whole, holds a large keyframe")
            }
        }
    }
}
