import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `storescope compare` pairs actions by seq, so records lost on one side are a gap, not a
/// divergence of every later action (issue 19, item 11).
@Suite("storescope compare by seq", .tags(.process))
struct CompareBySeqTests {
    /// A counter session: action n sets `.n` to n, one chunk per action, a keyframe every
    /// `keyframeEvery` actions so the state is known again after a gap.
    static func write(to path: String, actions: UInt64 = 12, keyframeEvery: UInt64 = 4, damaging seq: UInt64? = nil) throws {
        let header = TraceFixture.header(app: "Counter", store: "main", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header, options: .init(flushInterval: .seconds(3600)))
        func state(_ n: UInt64) -> TraceValue { .structure(type: "Counter", fields: [.init("n", .int(Int64(n)))]) }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state(0))))
        var damaged: ChunkInfo?
        for n in 1...actions {
            let chunk = writer.chunks.count
            try writer.append(.action(ActionRecord(
                seq: n, store: "main", monotonicNanos: n * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "CounterAction", caseName: "set", payload: [.init("n", .int(Int64(n)))]))))
            if n % keyframeEvery == 0 {
                try writer.append(.keyframe(Keyframe(seq: n, store: "main", state: state(n))))
            } else {
                try writer.append(.patch(StatePatch(seq: n, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(n)))])))
            }
            try writer.flush()
            if n == seq { damaged = writer.chunks[chunk] }
        }
        try writer.close()
        guard let damaged else { return }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[Int(damaged.offset) + ChunkHeader.size + 3] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    @Test("one damaged chunk in B is a gap: the later actions still pair up and compare equal, exit 1 for the damage")
    func damagedChunkIsAGap() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try Self.write(to: a)
        try Self.write(to: b, damaging: 6)
        let compare = try InProcess.storescope(["compare", a, b])
        #expect(compare.status == 1)
        #expect(compare.stdout == """
            equal where both have the action: 11 actions compared, the same actions and states
            gap: B has no #6 (lost in a damaged part, or dropped by its recorder): 1 action of A not compared
            note: 2 states unknown (after a drop or damage) and not compared

            """)
        #expect(compare.stderr.contains("warning: B (\(b)): bytes "), "\(compare.stderr)")
        let json = try InProcess.storescope(["compare", "--json", a, b])
        let facts = try Analysis.jq(["-c", "[.equal, .actionsCompared, .gaps]"], input: json.stdout)
        #expect(facts.stdout == #"[true,11,[{"missingIn":"b","firstSeq":6,"lastSeq":6,"actions":1}]]"# + "\n")
    }

    @Test("after a gap a real difference is found at its seq, not shifted")
    func divergenceAfterAGap() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try Self.write(to: a, damaging: 2)
        try Self.write(to: b, actions: 9)
        let compare = try InProcess.storescope(["compare", a, b])
        #expect(compare.status == 1)
        #expect(compare.stdout == """
            diverge after #9: only A goes on, with #10 CounterAction.set(n: 10)
            gap: A has no #2 (lost in a damaged part, or dropped by its recorder): 1 action of B not compared
            note: 2 states unknown (after a drop or damage) and not compared

            """)
    }
}
