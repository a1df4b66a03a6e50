/// The prompts (`/`, `f`, `:`) edit their line as a shell does: they open empty, `←` `→`
/// `Home` `End` (and Ctrl-A, Ctrl-E) move the cursor, backspace and `Delete` remove the
/// character before or under it, Ctrl-U and Ctrl-K cut to the start or the end, Ctrl-W the
/// word before the cursor; `↑` `↓` go through what was entered at that prompt in this run
/// (the filter given on the command line first), and `enter` submits, `esc` closes.
enum PromptReducer {
    /// Updates the prompt for `action`; a submitted line goes to the viewer
    /// (``PromptAction/Delegate/submitted(_:)``).
    static func reduce(into state: inout PromptState, _ action: PromptAction) -> FeatureUpdate<PromptAction.Delegate> {
        switch action {
        case let .open(line):
            state.line = line
        case let .key(key):
            guard var line = state.line else { return .none }
            switch line.edit(key, history: state.history[line.kind] ?? []) {
            case .editing: state.line = line
            case .closed: state.line = nil
            case .submitted:
                state.line = nil
                remember(line, in: &state)
                return .tell(.submitted(line))
            }
        }
        return .none
    }

    /// Keeps what was entered for ↑, once (not again right after itself; an empty line is
    /// not kept), the last 100 entries of each prompt.
    private static func remember(_ line: ViewerState.Prompt, in state: inout PromptState) {
        let text = line.text.trimmingSpaces
        guard !text.isEmpty else { return }
        var history = state.history[line.kind] ?? []
        if history.last != text { history.append(text) }
        if history.count > 100 { history.removeFirst(history.count - 100) }
        state.history[line.kind] = history
    }
}
