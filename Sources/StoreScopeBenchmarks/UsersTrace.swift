import StoreScope
import TraceFormat

/// A generated session of the users state (``UsersFixture``, 1,000 users): the four changes
/// in turn (the removal takes out the user inserted the step before, so the state keeps its
/// size), each with the patch the recorder would write, a keyframe every 10,000 actions (the
/// recorder's default), and every 100th action an effect that starts, emits and finishes.
/// Written with `TraceWriter` (zlib level 1, as the recorder does) without running a store,
/// so generating a million actions takes seconds.
///
/// With `otherStores`, every 10th action goes to a small `settings` store and every 50th to a
/// `session` store instead (taking even steps: renames and inserts, so the users keep their count) (each with its own keyframes), as an app with a few stores records.
/// Each store is also keyframed, as the recorder does, once the trace has grown by
/// ``RecorderConfiguration/keyframeEveryTraceBytes`` (and 16 of its keyframes) since its last
/// keyframe (``RecorderConfiguration/keyframeIsFarBehind(traceBytesSince:keyframeBytes:)``).
enum UsersTrace {
    static let keyframeEvery = 10_000
    /// The recorder's default configuration, whose rule spaces the keyframes by trace bytes.
    static let recorderDefaults = RecorderConfiguration()

    /// Writes `actions` actions to `path` and returns the file size.
    static func write(actions: Int, to path: String, otherStores: Bool = false) throws -> Int64 {
        let writer = try TraceWriter(path: path, header: header)
        var generator = Generator(otherStores: otherStores)
        try generator.appendOpening(to: writer)
        for _ in 0..<actions { try generator.appendNext(to: writer) }
        try writer.append(.sessionEnded(SessionEnded(monotonicNanos: generator.time + 1_000, wallNanos: 0)))
        try writer.close()
        return writer.bytesWritten
    }

    static let header = SessionHeader(
        sessionID: Array(repeating: 7, count: 16), appName: "users-bench", storeName: "users", startWallNanos: 1_764_563_042_000_000_000,
        startMonotonicNanos: 0, schemaFingerprint: 0)

    /// The small stores next to the users.
    struct Settings: Equatable {
        var theme = "dark"
        var fontSize = 13
        var notifications = true
    }

    struct Session: Equatable {
        var userID: Int?
        var token = Redacted("secret")
        var lastActive: Int = 0

        static func == (a: Session, b: Session) -> Bool { a.userID == b.userID && a.lastActive == b.lastActive }
    }

    enum SettingsAction { case setFontSize(Int), toggleNotifications }
    enum SessionAction { case touch(at: Int), signIn(userID: Int) }

    /// The records of the session, action by action.
    struct Generator {
        let otherStores: Bool
        private var users = UsersFixture.state(users: 1_000)
        private var settings = Settings(), session = Session()
        private var sinceKeyframe: [String: Int] = [:]
        /// Each store's latest seq, and the trace's record bytes at its last keyframe and that
        /// keyframe's size.
        private var latestSeq: [String: UInt64] = [:]
        private var keyframeAt: [String: (traceBytes: Int64, size: Int64)] = [:]
        private(set) var time: UInt64 = 1_000_000
        private var effect: UInt64 = 0
        private var step = 0

        init(otherStores: Bool) { self.otherStores = otherStores }

        /// The keyframes at seq 0.
        private func opening() -> [Record] {
            var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "users", state: captureValue(users)))]
            if otherStores {
                records.append(.keyframe(Keyframe(seq: 0, store: "settings", state: captureValue(settings))))
                records.append(.keyframe(Keyframe(seq: 0, store: "session", state: captureValue(session))))
            }
            return records
        }

        /// Appends the opening keyframes to `writer`.
        mutating func appendOpening(to writer: TraceWriter) throws(TraceError) {
            try append(opening(), to: writer)
        }

        /// Appends the next action's records to `writer`, and a keyframe of each store whose
        /// last keyframe is far enough back in the trace.
        mutating func appendNext(to writer: TraceWriter) throws(TraceError) {
            try append(next(), to: writer)
            var due: [Record] = []
            for store in otherStores ? ["users", "settings", "session"] : ["users"] {
                guard let last = keyframeAt[store] else { continue }
                let since = writer.recordBytesAppended - last.traceBytes
                if recorderDefaults.keyframeIsFarBehind(traceBytesSince: since, keyframeBytes: last.size) {
                    due.append(.keyframe(Keyframe(seq: latestSeq[store] ?? 0, store: store, state: state(of: store))))
                }
            }
            try append(due, to: writer)
        }

        private mutating func append(_ records: [Record], to writer: TraceWriter) throws(TraceError) {
            for record in records {
                let before = writer.recordBytesAppended
                try writer.append(record)
                if case let .keyframe(keyframe) = record {
                    keyframeAt[keyframe.store] = (writer.recordBytesAppended, writer.recordBytesAppended - before)
                }
            }
        }

        private func state(of store: String) -> TraceValue {
            switch store {
            case "settings": captureValue(settings)
            case "session": captureValue(session)
            default: captureValue(users)
            }
        }

        /// The next action's records.
        private mutating func next() -> [Record] {
            defer { step += 1 }
            let seq = UInt64(step + 1)
            time += 250_000 + UInt64(step % 7) * 10_000
            // Reducer times spread like a real app's: mostly sub-microsecond, a slow tail.
            let reducerNanos = 300 + UInt64((step &* 7_919) % 1_000) + (step % 97 == 0 ? 40_000 : 0)
            var records: [Record] = []
            func action(_ store: String, _ value: TraceValue, _ operations: [PatchOperation], state: () -> TraceValue) {
                records.append(.action(ActionRecord(
                    seq: seq, store: store, monotonicNanos: time, wallNanos: 1_764_563_042_000_000_000 + Int64(time),
                    reducerNanos: reducerNanos, action: value)))
                latestSeq[store] = seq
                sinceKeyframe[store, default: 0] += 1
                if sinceKeyframe[store]! >= keyframeEvery {
                    sinceKeyframe[store] = 0
                    records.append(.keyframe(Keyframe(seq: seq, store: store, state: state())))
                } else if !operations.isEmpty {
                    records.append(.patch(StatePatch(seq: seq, store: store, operations: operations)))
                }
            }
            if otherStores, step % 10 == 4 {
                let before = settings
                let change: SettingsAction = step % 20 == 4 ? .setFontSize(10 + step % 9) : .toggleNotifications
                switch change {
                case let .setFontSize(size): settings.fontSize = size
                case .toggleNotifications: settings.notifications.toggle()
                }
                action("settings", captureValue(change), capturePatch(from: before, to: settings)) { captureValue(settings) }
            } else if otherStores, step % 50 == 8 {
                let before = session
                let change: SessionAction = step % 1_000 == 8 ? .signIn(userID: step % 1_000) : .touch(at: step)
                switch change {
                case let .signIn(userID): session.userID = userID
                case let .touch(at): session.lastActive = at
                }
                action("session", captureValue(change), capturePatch(from: before, to: session)) { captureValue(session) }
            } else {
                let change = UsersFixture.Change.allCases[step % UsersFixture.Change.allCases.count]
                // Remove the user inserted just before, so the state stays at about 1,000 users.
                let value = change == .remove ? .remove(id: 1_000 + step - 1) : change.action(step: step, count: 1_000)
                let operations = UsersTrace.patch(for: value, in: users)
                UsersFixture.reduce(&users, value)
                action("users", captureValue(value), operations) { captureValue(users) }
            }
            if step % 100 == 0 {
                effect += 1
                records.append(.effectStarted(EffectStarted(effectID: effect, name: "fetchUsers", store: "users", parentSeq: seq, monotonicNanos: time + 100)))
                records.append(.effectEmitted(EffectEmitted(effectID: effect, actionSeq: seq + 1, monotonicNanos: time + 200_000)))
                records.append(.effectEnded(EffectEnded(effectID: effect, outcome: .finished, monotonicNanos: time + 210_000)))
            }
            return records
        }
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
