import Testing
import TraceAnalysis

@testable import StoreScopeCLI

/// The control keys' reducer on its own: keys in, with the viewer's context passed in, and
/// out its state, the requests it asks to send and the lines it asks for; no app, no listener,
/// no terminal.
@Suite("Control keys reducer")
struct ControlReducerTests {
    typealias Update = FeatureUpdate<ControlAction.Delegate>

    static let live = ControlAction.Context(app: .init(session: "shop/1a2b", hasEnded: false), selected: 3, store: "cart")

    static func press(_ key: Character, _ state: inout ControlState, _ context: ControlAction.Context = live) -> Update {
        ControlReducer.reduce(into: &state, .key(.character(key)), context)
    }

    @Test("J R X x ask to send their command for the selected action to the session's app, and say so")
    func requests() {
        var state = ControlState()
        let request = { (command: String) in ControlRequest(command: command, session: "shop/1a2b", store: "cart", seq: 3) }
        #expect(Self.press("J", &state) == Update(effects: [.control(request("jump"))], delegates: [.message("jumping the app to the state after #3…")]))
        #expect(Self.press("R", &state) == Update(effects: [.control(request("resend"))], delegates: [.message("re-sending #3…")]))
        #expect(Self.press("X", &state) == Update(effects: [.control(request("replay"))], delegates: [.message("replaying the app's actions after #3 (X again stops)…")]))
        #expect(Self.press("x", &state) == Update(effects: [.control(request("step"))], delegates: [.message("stepping through the app's actions after #3…")]))
        #expect(state == ControlState(), "only P and K change what the viewer believes")
    }

    @Test("P and K toggle the store's pause and lock, per store, and send the matching command")
    func toggles() {
        var state = ControlState()
        #expect(Self.press("P", &state).effects == [.control(ControlRequest(command: "pause", session: "shop/1a2b", store: "cart"))])
        #expect(state.paused == ["cart"])
        var other = Self.live
        other.store = "ui"
        #expect(Self.press("P", &state, other).delegates == [.message("pausing the recording of store \"ui\"…")])
        #expect(state.paused == ["cart", "ui"])
        #expect(Self.press("P", &state) == Update(
            effects: [.control(ControlRequest(command: "resume", session: "shop/1a2b", store: "cart"))],
            delegates: [.message("resuming the recording of store \"cart\"…")]))
        #expect(state.paused == ["ui"])
        #expect(Self.press("K", &state).delegates == [.message("locking the actions of store \"cart\"…")])
        #expect(state == ControlState(paused: ["ui"], locked: ["cart"]))
        #expect(Self.press("K", &state).effects == [.control(ControlRequest(command: "unlock", session: "shop/1a2b", store: "cart"))])
        #expect(state == ControlState(paused: ["ui"], locked: []))
    }

    @Test("Without a live app, an ended one, or a selection, nothing is sent and the message says why")
    func refusals() {
        var state = ControlState()
        var file = Self.live
        file.app = nil
        #expect(Self.press("P", &state, file) == .tell(.message("J R X x D P K act on a live app: open its session with storescope view --listen")))
        var ended = Self.live
        ended.app?.hasEnded = true
        #expect(Self.press("K", &state, ended) == .tell(.message("session shop/1a2b has ended: there is no app to act on")))
        #expect(Self.press("D", &state, ended) == .tell(.message("session shop/1a2b has ended: there is no app to act on")))
        var unselected = Self.live
        unselected.selected = nil
        #expect(Self.press("J", &state, unselected) == .tell(.message("no action selected")))
        var initial = Self.live
        initial.selected = 0
        #expect(Self.press("R", &state, initial) == .tell(.message("#0 is the initial state: no action to re-send")))
        #expect(Self.press("J", &state, initial).effects == [.control(ControlRequest(command: "jump", session: "shop/1a2b", store: "cart", seq: 0))])
        #expect(Self.press("q", &state) == .none, "not a control key")
        #expect(state == ControlState())
    }

    @Test("D asks for the dispatch prompt; its line is sent when it parses, else opened again with a caret")
    func dispatch() {
        var state = ControlState()
        #expect(Self.press("D", &state) == .tell(.prompt(.init(kind: .dispatch))))

        let typo = ViewerState.Prompt(kind: .dispatch, text: ".step(5, \"x\"")
        let refused = ControlReducer.reduce(into: &state, .dispatch(typo), Self.live)
        guard case let .prompt(line)? = refused.delegates.first else { Issue.record("not refused: \(refused)"); return }
        #expect(refused.effects.isEmpty && line.text == typo.text)
        #expect(line.jumpError?.contains("expected") == true && line.errorColumn == typo.text.count)

        let good = ViewerState.Prompt(kind: .dispatch, text: ".step(5, \"x\")")
        #expect(ControlReducer.reduce(into: &state, .dispatch(good), Self.live) == Update(
            effects: [.control(ControlRequest(command: "dispatch", session: "shop/1a2b", store: "cart", action: ".step(5, \"x\")"))],
            delegates: [.message("dispatching .step(5, \"x\")…")]))
    }
}
