import TraceAnalysis
import TraceFormat

/// The keys that act on a live session's app (GUIDE "Control the app from the viewer"): `J`
/// jumps the app to the selected state, `R` re-sends the selected action, `X` replays the
/// app's actions after it at the recorded pace (a second `X` stops it), `x` steps through
/// them one per press, `D` types one, `P` pauses or resumes the recording, `K` locks or
/// unlocks the app's actions. The reducer only says what to send (``ViewerEffect/control(_:)``);
/// the runner sends it through the listener the viewer runs and shows the app's answer on the
/// message line.
enum ControlReducer {
    /// The control keys.
    static let keys: Set<Key> = [.character("J"), .character("R"), .character("X"), .character("x"), .character("D"), .character("P"), .character("K")]

    /// Updates what the viewer believes of the app for `action`, on the viewer as `context` says it is.
    static func reduce(into state: inout ControlState, _ action: ControlAction, _ context: ControlAction.Context) -> FeatureUpdate<ControlAction.Delegate> {
        switch action {
        case let .key(key): press(key, into: &state, context)
        case let .dispatch(line): dispatch(line, context)
        }
    }

    private static func press(_ key: Key, into state: inout ControlState, _ context: ControlAction.Context) -> FeatureUpdate<ControlAction.Delegate> {
        guard keys.contains(key) else { return .none }
        guard let app = context.app else {
            return .tell(.message("J R X x D P K act on a live app: open its session with storescope view --listen"))
        }
        guard !app.hasEnded else {
            return .tell(.message("session \(app.session) has ended: there is no app to act on"))
        }
        let store = context.store
        var request = ControlRequest(command: "", session: app.session, store: store)
        let message: String
        switch key {
        case .character("J"), .character("R"):
            guard let seq = context.selected else { return .tell(.message("no action selected")) }
            request.command = key == .character("J") ? "jump" : "resend"
            request.seq = seq
            guard key == .character("J") || seq > 0 else { return .tell(.message("#0 is the initial state: no action to re-send")) }
            message = key == .character("J") ? "jumping the app to the state after #\(seq)…" : "re-sending #\(seq)…"
        case .character("X"), .character("x"):
            guard let seq = context.selected else { return .tell(.message("no action selected")) }
            request.command = key == .character("X") ? "replay" : "step"
            request.seq = seq
            message = key == .character("X")
                ? "replaying the app's actions after #\(seq) (X again stops)…"
                : "stepping through the app's actions after #\(seq)…"
        case .character("D"):
            return .tell(.prompt(.init(kind: .dispatch)))
        case .character("P"):
            let pausing = state.paused.toggle(store)
            request.command = pausing ? "pause" : "resume"
            message = pausing ? "pausing the recording of store \"\(store)\"…" : "resuming the recording of store \"\(store)\"…"
        default:
            let locking = state.locked.toggle(store)
            request.command = locking ? "lock" : "unlock"
            message = locking ? "locking the actions of store \"\(store)\"…" : "unlocking the actions of store \"\(store)\"…"
        }
        return FeatureUpdate(effects: [.control(request)], delegates: [.message(message)])
    }

    /// `D`'s prompt: the action in the literal syntax the viewer prints; a typo opens the
    /// prompt again, with a caret under the character at fault.
    private static func dispatch(_ line: ViewerState.Prompt, _ context: ControlAction.Context) -> FeatureUpdate<ControlAction.Delegate> {
        do throws(ValueLiteralError) {
            _ = try ValueLiteral.parse(line.text)
        } catch {
            var refused = line
            refused.jumpError = error.message
            refused.errorColumn = error.offset
            return .tell(.prompt(refused))
        }
        guard let app = context.app else { return .none }
        let request = ControlRequest(command: "dispatch", session: app.session, store: context.store, action: line.text)
        return FeatureUpdate(effects: [.control(request)], delegates: [.message("dispatching \(line.text)…")])
    }
}
