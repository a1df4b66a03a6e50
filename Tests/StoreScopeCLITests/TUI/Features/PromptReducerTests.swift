import Testing
import TraceAnalysis

@testable import StoreScopeCLI

/// The prompt's reducer on its own: actions in, its state and what it asks of the viewer out,
/// with no trace and no terminal.
@Suite("Prompt reducer")
struct PromptReducerTests {
    /// Sends `keys` to the prompt, returning the last update.
    @discardableResult
    static func type(_ keys: [Key], into state: inout PromptState) -> FeatureUpdate<PromptAction.Delegate> {
        var update = FeatureUpdate<PromptAction.Delegate>.none
        for key in keys { update = PromptReducer.reduce(into: &state, .key(key)) }
        return update
    }

    static func keys(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test("enter closes the line and hands it to the viewer, once in the history; esc closes it and hands nothing")
    func submitAndClose() {
        var state = PromptState()
        #expect(PromptReducer.reduce(into: &state, .open(.init(kind: .filter))) == .none)
        #expect(state.line?.kind == .filter && state.line?.text == "")
        #expect(Self.type(Self.keys("store:ui "), into: &state) == .none)
        #expect(state.line?.text == "store:ui ")

        let submitted = Self.type([.enter], into: &state)
        #expect(state.line == nil)
        #expect(submitted.effects.isEmpty)
        #expect(submitted.delegates.map(\.line.text) == ["store:ui "], "the line as typed goes to the viewer")
        #expect(state.history == [.filter: ["store:ui"]], "kept without its trailing spaces")

        _ = PromptReducer.reduce(into: &state, .open(.init(kind: .filter)))
        Self.type(Self.keys("store:ui") + [.enter], into: &state)
        #expect(state.history == [.filter: ["store:ui"]], "not kept twice in a row")

        _ = PromptReducer.reduce(into: &state, .open(.init(kind: .jump)))
        Self.type(Self.keys("42"), into: &state)
        #expect(Self.type([.escape], into: &state) == .none)
        #expect(state.line == nil && state.history[.jump] == nil, "a closed line is not kept")
        #expect(Self.type([.enter], into: &state) == .none, "a key with no line open does nothing")
    }

    @Test("↑ recalls what was entered at the same prompt only, ↓ back to the line being typed")
    func history() {
        var state = PromptState(line: nil, history: [.filter: ["store:a", "store:b"], .search: ["seq:5"]])
        _ = PromptReducer.reduce(into: &state, .open(.init(kind: .filter)))
        Self.type(Self.keys("draft") + [.up], into: &state)
        #expect(state.line?.text == "store:b")
        Self.type([.up, .up], into: &state)
        #expect(state.line?.text == "store:a")
        Self.type([.down, .down], into: &state)
        #expect(state.line?.text == "draft")
        _ = PromptReducer.reduce(into: &state, .open(.init(kind: .jump)))
        Self.type([.up], into: &state)
        #expect(state.line?.text == "", "nothing was entered at : yet")
    }

    @Test("A refused line opens again as the viewer sends it, with its error, and editing clears the error")
    func refusedLine() {
        var state = PromptState()
        var refused = ViewerState.Prompt(kind: .jump, text: "soon")
        refused.jumpError = "expected a sequence number"
        _ = PromptReducer.reduce(into: &state, .open(refused))
        #expect(state.line == refused)
        Self.type([.backspace], into: &state)
        #expect(state.line?.text == "soo" && state.line?.jumpError == nil)
    }
}

extension PromptAction.Delegate {
    /// The submitted line.
    var line: ViewerState.Prompt {
        switch self {
        case let .submitted(line): line
        }
    }
}
