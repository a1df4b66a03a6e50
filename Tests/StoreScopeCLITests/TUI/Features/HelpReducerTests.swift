import Testing

@testable import StoreScopeCLI

/// The `?` help's reducer on its own: keys in, its state out, with no trace and no terminal.
@Suite("Help reducer")
struct HelpReducerTests {
    /// The help's update for `action` in a help area of `rows` rows, which must ask nothing.
    static func send(_ action: HelpAction, to state: inout HelpState, rows: Int = 10) {
        #expect(HelpReducer.reduce(into: &state, action, rows: rows) == .none)
    }

    @Test("In a window shorter than the help it scrolls like less, to its ends and no further")
    func scrolls() {
        var state = HelpState()
        Self.send(.key(.character("j")), to: &state)
        #expect(state == HelpState(), "a key does nothing while the help is not shown")
        Self.send(.open, to: &state)
        #expect(state == HelpState(isShown: true, top: 0))
        Self.send(.key(.character("j")), to: &state)
        Self.send(.key(.down), to: &state)
        #expect(state.top == 2)
        Self.send(.key(.character("k")), to: &state)
        #expect(state.top == 1)
        Self.send(.key(.pageDown), to: &state)
        #expect(state.top == 1 + 9, "a page is the area less the hint's row")
        let last = ViewerHelp.Page.lastTop(rows: 10)
        Self.send(.key(.character("G")), to: &state)
        #expect(state.top == last)
        Self.send(.key(.character(" ")), to: &state)
        #expect(state.top == last, "not past the last page")
        Self.send(.key(.pageUp), to: &state)
        #expect(state.top == last - 9)
        Self.send(.key(.home), to: &state)
        #expect(state.top == 0)
        Self.send(.key(.character("k")), to: &state)
        #expect(state.top == 0, "not before the first line")
    }

    @Test("Any other key closes it; shown again, it starts at its first line")
    func closes() {
        var state = HelpState()
        Self.send(.open, to: &state)
        Self.send(.key(.end), to: &state)
        Self.send(.key(.character("q")), to: &state)
        #expect(state == HelpState())
        Self.send(.open, to: &state)
        #expect(state == HelpState(isShown: true, top: 0))
        Self.send(.key(.escape), to: &state)
        #expect(!state.isShown)
    }

    @Test("In a window taller than the help nothing scrolls")
    func tallWindow() {
        var state = HelpState(isShown: true)
        Self.send(.key(.character("G")), to: &state, rows: 100)
        Self.send(.key(.pageDown), to: &state, rows: 100)
        #expect(state == HelpState(isShown: true, top: 0))
    }
}
