import TraceAnalysis

/// The prompts (`/`, `f`, `:`) edit their line as a shell does: they open empty, `←` `→`
/// `Home` `End` (and Ctrl-A, Ctrl-E) move the cursor, backspace and `Delete` remove the
/// character before or under it, Ctrl-U and Ctrl-K cut to the start or the end, Ctrl-W the
/// word before the cursor; `↑` `↓` go through what was entered at that prompt in this run
/// (the filter given on the command line first), and `enter` submits, `esc` closes.
extension ViewerReducer {
    /// Hands `key` to the open prompt; acts on its line once submitted.
    func edit(_ key: Key, in state: inout ViewerState) {
        guard var prompt = state.prompt else { return }
        switch prompt.edit(key, history: state.promptHistory[prompt.kind] ?? []) {
        case .editing: state.prompt = prompt
        case .closed: state.prompt = nil
        case .submitted:
            remember(prompt, in: &state)
            submit(prompt, in: &state)
        }
    }

    /// Keeps what was entered for ↑, once (not again right after itself; an empty line is
    /// not kept).
    private func remember(_ prompt: ViewerState.Prompt, in state: inout ViewerState) {
        let text = prompt.text.trimmingSpaces
        guard !text.isEmpty else { return }
        var history = state.promptHistory[prompt.kind] ?? []
        if history.last != text { history.append(text) }
        if history.count > 100 { history.removeFirst(history.count - 100) }
        state.promptHistory[prompt.kind] = history
    }
}
