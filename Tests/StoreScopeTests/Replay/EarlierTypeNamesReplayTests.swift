import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import StoreScope

/// A feature shaped as TCA nests its types, whose earlier recordings name them `State`,
/// `Detail` and `Action` alone.
enum CounterFeature {
    struct State: Codable, Equatable {
        var count = 0
        var last: Detail?
    }

    struct Detail: Codable, Equatable {
        var note: String
    }

    enum Action: Codable, Equatable {
        case add(Int)
    }

    static func reduce(_ state: inout State, _ action: Action) {
        switch action {
        case let .add(amount):
            state.count += amount
            state.last = Detail(note: "added \(amount)")
        }
    }
}

@Suite("Replaying a recording made before types carried their enclosing types")
struct EarlierTypeNamesReplayTests {
    /// Writes the trace an earlier StoreScope recorded for two `.add` actions: nested types by
    /// their innermost names.
    static func earlierTrace(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("counter.sstrace")
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Counter", store: "counter", schemaFingerprint: SchemaFingerprint.of([])))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "counter", state: .structure(type: "State", fields: [
            .init("count", .int(0)), .init("last", .none(type: "Detail")),
        ]))))
        for (seq, amount) in [(UInt64(1), 2), (2, 3)] {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "counter", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "Action", caseName: "add", payload: [.init("", .int(Int64(amount)))]))))
            try writer.append(.patch(StatePatch(seq: seq, store: "counter", operations: [
                .set(path: [.field("count")], value: .int(seq == 1 ? 2 : 5)),
                .set(path: [.field("last")], value: .some(.structure(type: "Detail", fields: [.init("note", .string("added \(amount)"))]))),
            ])))
        }
        try writer.close()
        return path
    }

    @Test("a state recorded as State, Detail and Action replays through CounterFeature's nested types, and a real change still diverges")
    func earlierNamesReplay() throws {
        let directory = try TemporaryDirectory()
        let trace = try Self.earlierTrace(in: directory)
        #expect(captureValue(CounterFeature.State()) == .structure(type: "CounterFeature.State", fields: [
            .init("count", .int(0)), .init("last", .none(type: "CounterFeature.Detail")),
        ]), "today's capture names the types with their feature")

        let report = try ReducerReplay(reducer: CounterFeature.reduce).check(tracePath: trace)
        #expect(report.divergence == nil, "\(report)")
        #expect(report.actionsReplayed == 2)

        let regressed = try ReducerReplay { (state: inout CounterFeature.State, action: CounterFeature.Action) in
            CounterFeature.reduce(&state, action)
            state.last = CounterFeature.Detail(note: "changed")
        }.check(tracePath: trace)
        #expect(regressed.divergence?.seq == 1)
        #expect(regressed.divergence?.path == ".last?.note", "\(regressed)")
    }

    @Test("two spellings name the same type when they agree on the innermost names")
    func sameType() {
        #expect(ReplayComparison.sameType("AppFeature.State", "State"))
        #expect(ReplayComparison.sameType("Optional<State>", "Optional<AppFeature.State>"))
        #expect(ReplayComparison.sameType("Dictionary<String, AppFeature.Detail.State>", "Dictionary<String, State>"))
        #expect(!ReplayComparison.sameType("AppFeature.State", "AppFeature.Action"))
        #expect(!ReplayComparison.sameType("Optional<State>", "Array<State>"))
    }
}
