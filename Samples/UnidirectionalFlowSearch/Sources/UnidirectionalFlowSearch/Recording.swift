// StoreScope: begin swift-unidirectional-flow helpers
import Foundation
import StoreScope
import UnidirectionalFlow

/// The reducer, recorded: every action with the state it produced.
struct RecordedReducer<State: Sendable, Action: Sendable>: Reducer {
    let base: any Reducer<State, Action>
    let recording: StoreRecorder<State, Action>

    func reduce(oldState: State, with action: Action) -> State {
        let pending = recording.willSend(action)
        let state = base.reduce(oldState: oldState, with: action)
        recording.didReduce(pending, state: state)
        return state
    }
}

/// The store's middlewares, each call recorded as an effect of the action it processes. The
/// store reads each element right after reducing that action, on its actor, so
/// `lastSentSeq` then names it; each call's answer is sent from inside its effect, so it is
/// linked to it.
struct RecordedMiddlewares<State: Sendable, Action: Sendable>: RandomAccessCollection {
    let base: [any Middleware<State, Action>]
    let recording: StoreRecorder<State, Action>
    let send = StoreSend<Action>()

    var startIndex: Int { base.startIndex }
    var endIndex: Int { base.endIndex }

    subscript(index: Int) -> any Middleware<State, Action> {
        RecordedMiddleware(base: base[index], parent: recording.lastSentSeq, recording: recording, send: send)
    }
}

struct RecordedMiddleware<State: Sendable, Action: Sendable>: Middleware {
    let base: any Middleware<State, Action>
    let parent: UInt64
    let recording: StoreRecorder<State, Action>
    let send: StoreSend<Action>

    func process(state: State, with action: Action) async -> Action? {
        await recording.process("\(type(of: base))", startedBy: parent) {
            await base.process(state: state, with: action)
        } send: { await send($0) }
        return nil
    }
}

/// The store's `send`, given once the store exists (kept under an `NSLock`: this builds for iOS 16).
final class StoreSend<Action: Sendable>: @unchecked Sendable {  // @unchecked: `send` is used only under `lock`
    private let lock = NSLock()
    private var send: (@MainActor (Action) async -> Void)?

    func connect(_ send: @escaping @MainActor (Action) async -> Void) {
        lock.lock()
        defer { lock.unlock() }
        self.send = send
    }

    func callAsFunction(_ action: Action) async { await connected()?(action) }

    private func connected() -> (@MainActor (Action) async -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        return send
    }
}
// StoreScope: end swift-unidirectional-flow helpers
