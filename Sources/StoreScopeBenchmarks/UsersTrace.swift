import StoreScope
import TraceFormat

/// A generated session of the users state (``UsersFixture``, 1,000 users): the four changes
/// in turn (the removal takes out the user inserted the step before, so the state keeps its
/// size), each with the patch the recorder would write, a keyframe every 10,000 actions (the
/// recorder's default), and every 100th action an effect that starts, emits and finishes.
/// Written with `TraceWriter` (zlib level 1, as the recorder does) without running a store,
/// so generating a million actions takes seconds.
enum UsersTrace {
    static let keyframeEvery = 10_000

    /// Writes `actions` actions to `path` and returns the file size.
    static func write(actions: Int, to path: String) throws -> Int64 {
        let header = SessionHeader(
            sessionID: Array(repeating: 7, count: 16), appName: "users-bench", storeName: "users", startWallNanos: 1_764_563_042_000_000_000,
            startMonotonicNanos: 0, schemaFingerprint: 0)
        let writer = try TraceWriter(path: path, header: header)
        var state = UsersFixture.state(users: 1_000)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "users", state: captureValue(state))))
        var time: UInt64 = 1_000_000
        var effect: UInt64 = 0
        let changes = UsersFixture.Change.allCases
        for step in 0..<actions {
            let seq = UInt64(step + 1)
            time += 250_000 + UInt64(step % 7) * 10_000
            let change = changes[step % changes.count]
            // Remove the user inserted just before, so the state stays at about 1,000 users.
            let action = change == .remove ? .remove(id: 1_000 + step - 1) : change.action(step: step, count: 1_000)
            let operations = patch(for: action, in: state)
            UsersFixture.reduce(&state, action)
            // Reducer times spread like a real app's: mostly sub-microsecond, a slow tail.
            let reducerNanos = 300 + UInt64((step &* 7_919) % 1_000) + (step % 97 == 0 ? 40_000 : 0)
            try writer.append(.action(ActionRecord(
                seq: seq, store: "users", monotonicNanos: time, wallNanos: 1_764_563_042_000_000_000 + Int64(time),
                reducerNanos: reducerNanos, action: captureValue(action))))
            if seq % UInt64(keyframeEvery) == 0 {
                try writer.append(.keyframe(Keyframe(seq: seq, store: "users", state: captureValue(state))))
            } else if !operations.isEmpty {
                try writer.append(.patch(StatePatch(seq: seq, store: "users", operations: operations)))
            }
            if step % 100 == 0 {
                effect += 1
                try writer.append(.effectStarted(EffectStarted(effectID: effect, name: "fetchUsers", store: "users", parentSeq: seq, monotonicNanos: time + 100)))
                try writer.append(.effectEmitted(EffectEmitted(effectID: effect, actionSeq: seq + 1, monotonicNanos: time + 200_000)))
                try writer.append(.effectEnded(EffectEnded(effectID: effect, outcome: .finished, monotonicNanos: time + 210_000)))
            }
        }
        try writer.append(.sessionEnded(SessionEnded(monotonicNanos: time + 1_000, wallNanos: 0)))
        try writer.close()
        return writer.bytesWritten
    }

    /// The operations the recorder's diff writes for `action` applied to `state`.
    private static func patch(for action: UsersFixture.Action, in state: UsersFixture.State) -> [PatchOperation] {
        switch action {
        case let .rename(index, name):
            guard state.users.indices.contains(index), state.users[index].name != name else { return [] }
            return [.set(path: [.field("users"), .index(index), .field("name")], value: .string(name))]
        case let .setLoading(loading):
            return loading == state.isLoading ? [] : [.set(path: [.field("isLoading")], value: .bool(loading))]
        case let .insertFront(user):
            return [.insert(path: [.field("users"), .index(0)], value: captureValue(user))]
        case let .remove(id):
            guard let index = state.users.firstIndex(where: { $0.id == id }) else { return [] }
            return [.remove(path: [.field("users"), .index(index)])]
        }
    }
}
