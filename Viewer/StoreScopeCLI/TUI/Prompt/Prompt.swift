import TraceAnalysis

/// The prompt's line and the line's edit (``edit(_:history:)``), which tells ``PromptReducer``
/// when the line is closed or submitted.
extension ViewerState {
    /// A line of input being typed at the bottom of the screen, edited like a shell's line
    /// (``edit(_:history:)``).
    package struct Prompt: Sendable, Equatable {
        enum Kind: String, Sendable, Equatable, Hashable {
            case filter, search, jump
            /// `/` with the keys in a tree: text, not a filter.
            case treeSearch
            /// `f` and `/` in the effects view.
            case effectsFilter, effectsSearch
            /// `D` in a live session: an action to send to the app.
            case dispatch
        }
        var kind: Kind
        var text: String
        /// The cursor, in characters from the start of `text` (`text.count`: at the end).
        var cursor = 0
        /// Which history entry the line shows (`nil`: the line being typed), and that line,
        /// kept while ↑ and ↓ go through the history.
        var historyIndex: Int?
        var draft = ""
        /// Why the text was refused (shown in place; the prompt stays open to fix it).
        var error: FilterError?
        var jumpError: String?
        /// Where in the text ``jumpError`` points (a typed action's typo), from its start.
        var errorColumn: Int?

        /// An empty prompt of `kind`.
        init(kind: Kind, text: String = "") {
            self.kind = kind
            self.text = text
            cursor = text.count
        }
    }
}

extension ViewerState.Prompt {
    /// What a key did to the line: edited it (or nothing), closed it (`esc`), or submitted it
    /// (`enter`), for the viewer to act on.
    enum Edit: Sendable, Equatable { case editing, closed, submitted }

    /// The line's own update: edits it as a shell does, seeing nothing else of the viewer but
    /// what was entered at this prompt before (`history`, oldest first, for `↑` `↓`).
    mutating func edit(_ key: Key, history: [String]) -> Edit {
        var characters = Array(text)
        var cursor = min(max(0, self.cursor), characters.count)
        switch key {
        case .escape: return .closed
        case .enter: return .submitted
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return .editing }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return .editing }
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
            recall(older: key == .up, history: history)
            return .editing
        default: return .editing
        }
        text = String(characters)
        self.cursor = cursor
        error = nil
        jumpError = nil
        return .editing
    }

    /// Shows the previous (`older`) or next history entry, back to the line being typed after
    /// the newest.
    private mutating func recall(older: Bool, history: [String]) {
        guard !history.isEmpty else { return }
        let index: Int?
        switch (historyIndex, older) {
        case (nil, true): index = history.count - 1
        case (nil, false): return
        case let (current?, true): index = max(0, current - 1)
        case let (current?, false): index = current + 1 < history.count ? current + 1 : nil
        }
        if historyIndex == nil { draft = text }
        historyIndex = index
        text = index.map { history[$0] } ?? draft
        cursor = text.count
        error = nil
        jumpError = nil
    }
}
