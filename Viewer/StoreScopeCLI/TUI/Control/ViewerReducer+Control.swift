import TraceAnalysis
import TraceFormat

/// The keys that act on a live session's app (GUIDE "Control the app from the viewer"): `J`
/// jumps the app to the selected state, `R` re-sends the selected action, `X` replays the
/// app's actions after it at the recorded pace (a second `X` stops it), `x` steps through
/// them one per press, `D` types one, `P`
/// pauses or resumes the recording, `K` locks or unlocks the app's actions. The reducer only
/// says what to send (``ViewerEffect/control(_:)``); the runner sends it through the listener the
/// viewer runs and shows the app's answer on the message line.
extension ViewerReducer {
    /// Handles a control key; returns whether `key` was one.
    func handleControlKey(_ key: Key, in state: inout ViewerState) -> Bool {
        let keys: Set<Key> = [.character("J"), .character("R"), .character("X"), .character("x"), .character("D"), .character("P"), .character("K")]
        guard keys.contains(key) else { return false }
        guard let live = source as? LiveSessionSource else {
            state.message = "J R X x D P K act on a live app: open its session with storescope view --listen"
            return true
        }
        guard !live.hasEnded else {
            state.message = "session \(live.live.tag) has ended: there is no app to act on"
            return true
        }
        let store = state.detail?.entry.action.store ?? state.timeline.mainStore
        var request = ControlRequest(command: "", session: live.live.tag, store: store)
        switch key {
        case .character("J"), .character("R"):
            guard let seq = state.selected else {
                state.message = "no action selected"
                return true
            }
            request.command = key == .character("J") ? "jump" : "resend"
            request.seq = seq
            guard key == .character("J") || seq > 0 else {
                state.message = "#0 is the initial state: no action to re-send"
                return true
            }
            state.message = key == .character("J") ? "jumping the app to the state after #\(seq)…" : "re-sending #\(seq)…"
        case .character("X"), .character("x"):
            guard let seq = state.selected else {
                state.message = "no action selected"
                return true
            }
            request.command = key == .character("X") ? "replay" : "step"
            request.seq = seq
            state.message = key == .character("X")
                ? "replaying the app's actions after #\(seq) (X again stops)…"
                : "stepping through the app's actions after #\(seq)…"
        case .character("D"):
            state.prompt = .init(kind: .dispatch)
            return true
        case .character("P"):
            let pausing = state.control.paused.toggle(store)
            request.command = pausing ? "pause" : "resume"
            state.message = pausing ? "pausing the recording of store \"\(store)\"…" : "resuming the recording of store \"\(store)\"…"
        default:
            let locking = state.control.locked.toggle(store)
            request.command = locking ? "lock" : "unlock"
            state.message = locking ? "locking the actions of store \"\(store)\"…" : "unlocking the actions of store \"\(store)\"…"
        }
        ask(.control(request))
        return true
    }

    /// `D`'s prompt: the action in the literal syntax the viewer prints; a typo keeps the
    /// prompt open, with a caret under the character at fault.
    func submitDispatch(_ prompt: ViewerState.Prompt, in state: inout ViewerState) {
        var prompt = prompt
        do throws(ValueLiteralError) {
            _ = try ValueLiteral.parse(prompt.text)
        } catch {
            prompt.jumpError = error.message
            prompt.errorColumn = error.offset
            state.prompt = prompt
            return
        }
        state.prompt = nil
        guard let live = source as? LiveSessionSource else { return }
        let store = state.detail?.entry.action.store ?? state.timeline.mainStore
        ask(.control(ControlRequest(command: "dispatch", session: live.live.tag, store: store, action: prompt.text)))
        state.message = "dispatching \(prompt.text)…"
    }
}
