import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// `stats` by case reads each action whose value is an enum case or a struct without building
/// its record (`CountedAction`), finding its row by string table indices once per chunk and
/// taking it in where it stands among the chunk's records: its figures must be those of every
/// record read whole, on a trace whose figures are known.
@Suite("Statistics of actions read as counts")
struct StatsOfCountedActionsTests {
    /// Per round: `A.load` then its patch; `B.load` (another type, the same case name) and
    /// `.some(A.load)` (built whole) changing nothing; the struct `Tap` and the scalar `3` each
    /// with a patch; `A.save` in a second store, changing nothing.
    static func records(rounds: Int) -> [Record] {
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "app", state: .structure(type: "S", fields: [.init("n", .int(0))])))]
        var seq: UInt64 = 0
        func action(_ value: TraceValue, store: String = "app", changing: Bool) {
            seq += 1
            records.append(.action(ActionRecord(
                seq: seq, store: store, monotonicNanos: seq * 1000, wallNanos: 0, reducerNanos: seq, action: value,
                effectID: seq % 2 == 0 ? seq : nil, location: seq % 3 == 0 ? SourceLocation(file: "F.swift", line: 1) : nil)))
            if changing {
                records.append(.patch(StatePatch(seq: seq, store: store, operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
            }
        }
        func load(_ type: String) -> TraceValue { .enumeration(type: type, caseName: "load", payload: [.init("id", .int(1))]) }
        for _ in 0..<rounds {
            action(load("A"), changing: true)
            action(load("B"), changing: false)
            action(.some(load("A")), changing: false)
            action(.structure(type: "Tap", fields: [.init("x", .int(2))]), changing: true)
            action(.int(3), changing: true)
            action(.enumeration(type: "A", caseName: "save", payload: []), store: "other", changing: false)
        }
        return records
    }

    @Test("Rows, counts and no-ops are those known, and every figure is that of the records read whole", arguments: [256, 64 * 1024])
    func knownFigures(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("counted.sstrace")
        try StoreSizesFromShapesTests.write(Self.records(rounds: 40), chunkSize: chunkSize, to: path)
        let stats = SessionStats.summarizing(try TraceReader(path: path), by: .case)
        #expect(stats.actionCases.map(\.name) == ["A.load", "B.load", "Tap", "Int", "A.save"])
        #expect(stats.actionCases.map(\.count) == [80, 40, 40, 40, 40])
        #expect(stats.actionCases.map(\.noOps) == [40, 40, 0, 0, 40])
        #expect(stats.stores == ["app", "other"])
        #expect(stats.actions == 240 && stats.noOps == 120 && stats.seqRange == 1...240)
        let expected = ParallelReadingTests.figures(ParallelReadingTests.sequentialStats(try TraceReader(path: path), by: .case))
        #expect(ParallelReadingTests.figures(stats) == expected)
        if chunkSize == 256 { #expect(try TraceReader(path: path).chunks.count > 10, "actions across many chunks") }
    }
}
