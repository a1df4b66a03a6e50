import TraceAnalysis

/// The prompts (`/`, `f`, `:`) edit their line as a shell does: they open empty, `←` `→`
/// `Home` `End` (and Ctrl-A, Ctrl-E) move the cursor, backspace and `Delete` remove the
/// character before or under it, Ctrl-U and Ctrl-K cut to the start or the end, Ctrl-W the
/// word before the cursor; `↑` `↓` go through what was entered at that prompt in this run
/// (the filter given on the command line first), and `enter` submits, `esc` closes.
extension ViewerReducer {
    func edit(_ key: Key, in state: inout ViewerState) {
        guard var prompt = state.prompt else { return }
        var characters = Array(prompt.text)
        var cursor = min(max(0, prompt.cursor), characters.count)
        switch key {
        case .escape: state.prompt = nil; return
        case .enter:
            remember(prompt, in: &state)
            submit(prompt, in: &state)
            return
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return }
            characters.remove(at: cursor)
        case .ctrl("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .ctrl("k"):
            characters.removeLast(characters.count - cursor)
        case .ctrl("w"):
            // The spaces before the cursor, then the word before them.
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case let .character(character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .up, .down:
            recall(older: key == .up, in: &prompt, history: state.promptHistory[prompt.kind] ?? [])
            state.prompt = prompt
            return
        default: return
        }
        prompt.text = String(characters)
        prompt.cursor = cursor
        prompt.error = nil
        prompt.jumpError = nil
        state.prompt = prompt
    }

    /// Shows the previous (`older`) or next history entry, back to the line being typed after
    /// the newest.
    private func recall(older: Bool, in prompt: inout ViewerState.Prompt, history: [String]) {
        guard !history.isEmpty else { return }
        let index: Int?
        switch (prompt.historyIndex, older) {
        case (nil, true): index = history.count - 1
        case (nil, false): return
        case let (current?, true): index = max(0, current - 1)
        case let (current?, false): index = current + 1 < history.count ? current + 1 : nil
        }
        if prompt.historyIndex == nil { prompt.draft = prompt.text }
        prompt.historyIndex = index
        prompt.text = index.map { history[$0] } ?? prompt.draft
        prompt.cursor = prompt.text.count
        prompt.error = nil
        prompt.jumpError = nil
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
