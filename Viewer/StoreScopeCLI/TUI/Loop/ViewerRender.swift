import TraceAnalysis
import TraceFormat

/// Draws a ``ViewerState`` into a ``ScreenGrid``: a pure function of the state and the window
/// size, so golden tests compare its text. Every string from the trace is sanitized here (or
/// already was, by the renderers it comes from) before it reaches a cell.
package enum ViewerRender {
    /// The whole screen.
    package static func render(_ state: ViewerState) -> ScreenGrid {
        let layout = state.layout
        var grid = ScreenGrid(width: state.columns, height: state.rows)
        if state.help.isShown {
            ViewerHelp.draw(state.help, into: &grid, rows: layout.statusRow)
        } else if state.sessions.coversTimeline {
            drawSessions(state.sessions, columns: state.columns, layout, into: &grid)
        } else if state.effects.isShown {
            drawEffects(state.effects, selectedTime: state.detail?.entry.action.monotonicNanos, layout, into: &grid)
        } else {
            drawTimeline(state, layout, into: &grid)
            drawBookmarks(state.marks, rows: state.timeline.rows.prefix(layout.timelineRows), selected: state.selected, into: &grid)
            drawDetail(state, layout, into: &grid)
        }
        drawStatus(state, layout, into: &grid)
        drawPrompt(state, layout, into: &grid)
        return grid
    }

    // MARK: - Timeline

    private static func drawTimeline(_ state: ViewerState, _ layout: ViewerLayout, into grid: inout ScreenGrid) {
        let ambiguous = ambiguousCases(state.timeline.rows.prefix(layout.timelineRows))
        let layout = fitted(layout, to: state.timeline.rows.prefix(layout.timelineRows), qualified: ambiguous)
        grid.put(row(seq: "seq", time: "time", store: "store", action: "action", reducer: "reducer", changes: "changes", marks: "fx", layout), row: 0, column: 0, style: .bold)
        if drawFilterProgress(state.search, into: &grid) { return }
        if state.timeline.rows.isEmpty {
            // The first screen of a trace whose first chunks are large is a slower answer.
            let empty = state.timeline.asked != nil ? "  … reading the actions" : state.filter.expression == .all ? "  (no actions yet)" : "  (no action matches the filter)"
            grid.put(empty, row: 1, column: 0, style: .dim)
        }
        for (index, line) in state.timeline.rows.prefix(layout.timelineRows).enumerated() {
            let y = index + 1
            switch line {
            case let .action(entry, paths):
                let selected = entry.seq == state.selected
                let marks = marks(entry, effects: state.effects.spans)
                let appMarks = ViewerReducer.appMarks(of: entry)
                let text = row(
                    seq: "#\(entry.seq)", time: state.timeColumn.text(entry.sinceStart), store: entry.action.store.sanitizedForTerminal,
                    action: summary(of: entry.action.action, width: layout.actionWidth, qualified: ambiguous).sanitizedForTerminal, reducer: RecordLine.duration(entry.action.reducerNanos),
                    changes: appMarks.isEmpty ? changesText(paths, columns: state.columns) : appMarksText(appMarks, columns: state.columns),
                    marks: marks, layout)
                grid.put((selected ? ">" : " ") + text.dropFirst(), row: y, column: 0, style: selected ? (state.focus == .timeline ? .reverse : .bold) : .plain)
                if selected { grid.fill(row: y, style: state.focus == .timeline ? .reverse : .bold) }
                let markColumn = state.columns - 5
                if marks.contains(where: { "FDL".contains($0) }) && !selected {
                    grid.put(marks, row: y, column: markColumn, style: .colored(.red))
                }
                if !appMarks.isEmpty, !selected, layout.showsChanges {
                    // The mark's name stands out where the changed paths would be.
                    grid.put(pad(appMarksText(appMarks, columns: state.columns), layout.changesWidth), row: y, column: text.displayWidth - 5 - layout.changesWidth, style: .colored(.magenta, bold: true))
                }
            case let .initial(store):
                let selected = state.selected == 0
                let text = row(seq: "#0", time: state.timeColumn.text(0), store: store.sanitizedForTerminal, action: "(initial state)", reducer: "", changes: "", marks: "", layout)
                grid.put((selected ? ">" : " ") + text.dropFirst(), row: y, column: 0, style: selected ? (state.focus == .timeline ? .reverse : .bold) : .dim)
                if selected { grid.fill(row: y, style: state.focus == .timeline ? .reverse : .bold) }
            case let .damage(description):
                grid.put("  !! " + damageText(description).sanitizedForTerminal, row: y, column: 0, style: .colored(.red, bold: true))
            case let .reconnect(summary):
                grid.put("  ⇄ " + summary.sanitizedForTerminal, row: y, column: 0, style: .colored(.yellow, bold: true))
            }
        }
    }

    /// `layout` with its action and changes columns shared by what `rows` show
    /// (``ViewerLayout/fitted(actionNeeds:changesNeed:)``).
    static func fitted(_ layout: ViewerLayout, to rows: ArraySlice<ViewerState.TimelineRow>, qualified: Set<String>) -> ViewerLayout {
        guard layout.showsChanges else { return layout }
        let room = layout.actionWidth + layout.changesWidth
        var actionNeeds = 0, changesNeed = 0
        for case let .action(entry, paths) in rows {
            actionNeeds = max(actionNeeds, summary(of: entry.action.action, width: room, qualified: qualified).displayWidth)
            let marks = ViewerReducer.appMarks(of: entry)
            changesNeed = max(changesNeed, (marks.isEmpty ? changesText(paths, columns: room) : appMarksText(marks, columns: room)).displayWidth)
        }
        return layout.fitted(actionNeeds: actionNeeds, changesNeed: changesNeed)
    }

    /// The action as the timeline shows it: whole when it fits the column (a 200-column
    /// window shows `.loaded([User(id: 1, …), …])`, not `.loaded([3 elements])`), else
    /// abbreviated; with its type when `qualified` has its case name (`CheckoutAction.begin`).
    /// Either is only the start of the description a column of `width` shows (``ShownText``).
    static func summary(of action: TraceValue, width: Int, qualified: Set<String>) -> String {
        var typed = false
        if case let .enumeration(_, caseName, _) = action { typed = qualified.contains(caseName) }
        let whole = ShownText.start(of: action, columns: width, qualified: typed)
        return whole.displayWidth <= width ? whole : ShownText.start(of: action, columns: width, short: true, qualified: typed)
    }

    /// A damage row's text with what was lost first, where the window cuts it last:
    /// `records after #9 are lost: bytes 949..<1046 (chunk checksum mismatch)` rather than the
    /// byte range first and the actions it concerns cut off.
    static func damageText(_ description: String) -> String {
        guard let split = description.range(of: "): ", options: .backwards) else { return "records lost: " + description }
        let lost = description[split.upperBound...], place = description[..<description.index(after: split.lowerBound)]
        return lost.hasSuffix("lost") ? "\(lost): \(place)" : "\(lost) lost: \(place)"
    }

    /// A row's changes column: the paths (`-`: none), `?` when unknown, `…` until read, `not
    /// recorded` for an action whose state the recorder let go.
    static func changesText(_ paths: ViewerState.ChangedPaths, columns: Int) -> String {
        switch paths {
        case let .known(paths): paths.isEmpty ? "-" : ShownText.start(of: paths.joined(separator: " "), columns: columns).sanitizedForTerminal
        case .unknown: "?"
        case .notYetRead: "…"
        case .notRecorded: "not recorded"
        }
    }

    /// The marks the app placed after an action, as its row shows them where its changes
    /// would be (`◆ checkout, paid`), cut to what `columns` cells show (``ShownText``).
    static func appMarksText(_ marks: [String], columns: Int) -> String {
        "◆ " + ShownText.start(of: marks.joined(separator: ", "), columns: columns).sanitizedForTerminal
    }

    /// The case names that the rows show for enums of different types (`.begin` of
    /// `CheckoutAction` and of `LoginAction`): those rows name the type too.
    static func ambiguousCases(_ rows: ArraySlice<ViewerState.TimelineRow>) -> Set<String> {
        var types: [String: Set<String>] = [:]
        for case let .action(entry, _) in rows {
            if case let .enumeration(type, caseName, _) = entry.action.action { types[caseName, default: []].insert(type) }
        }
        return Set(types.filter { $0.value.count > 1 }.keys)
    }

    private static func row(seq: String, time: String, store: String, action: String, reducer: String, changes: String, marks: String, _ layout: ViewerLayout) -> String {
        " " + pad(seq, layout.seqWidth, right: true) + " " + pad(time, 9) + " " + (layout.showsStore ? pad(store, 8) + " " : "") + pad(action, layout.actionWidth) + " "
            + (layout.showsReducer ? pad(reducer, 7, right: true) + " " : "") + (layout.showsChanges ? pad(changes, layout.changesWidth) + " " : "") + pad(marks, 4)
    }

    /// `text` cut or padded to `width` terminal columns (``DisplayWidth``: a CJK character or
    /// an emoji takes two); a cut ends in `…`.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let columns = text.displayWidth
        guard columns > width else {
            let fill = String(repeating: " ", count: width - columns)
            return right ? fill + text : text + fill
        }
        guard width > 0 else { return "" }
        let kept = text.prefix(columns: width - 1)
        // A wide character that would straddle the cut leaves a column: fill it.
        return kept + "…" + String(repeating: " ", count: width - 1 - kept.displayWidth)
    }

    /// Effect and drop markers, each on the action it belongs to: `S` the action started an
    /// effect, `E` an effect emitted the action, `F` an effect the action started failed, `C`
    /// one was cancelled, `L` one leaked (still running when the session ended in order), `D`
    /// the recorder dropped actions here, `M` the app placed a mark after it. `F`, `C` and `L` come from `effects` (the lifetimes
    /// read so far: an end further on shows once it is read); an effect no reducer started has
    /// them where its end was recorded.
    static func marks(_ entry: ActionEntry, effects: EffectSpans? = nil) -> String {
        var marks = ""
        func add(_ mark: Character) { if !marks.contains(mark) { marks.append(mark) } }
        for event in entry.events {
            if case let .effectStarted(started) = event, started.parentSeq == nil || started.parentSeq == entry.seq { add("S") }
        }
        if entry.action.effectID != nil { add("E") }
        for mark in effects?.outcomeMarks[entry.seq] ?? "" { add(mark) }
        for event in entry.events {
            switch event {
            case let .effectEnded(ended) where effects?.parentless.contains(ended.effectID) == true:
                if case .failed = ended.outcome { add("F") }
                if case .cancelled = ended.outcome { add("C") }
            case .dropped: add("D")
            case let .log(log) where log.level == .mark: add("M")
            default: break
            }
        }
        return marks
    }

    // MARK: - Status and prompt

    private static func drawStatus(_ state: ViewerState, _ layout: ViewerLayout, into grid: inout ScreenGrid) {
        var parts = [state.sessions.title.sanitizedForTerminal]
        if let selected = state.selected {
            let hidden = state.filter.expression != .all && !state.timeline.rows.contains { $0.seq == selected }
            parts.append("#\(selected)/\(state.lastSeq ?? selected)" + (hidden ? " (hidden by the filter)" : ""))
        }
        parts.append(state.filter.expression == .all ? "no filter" : "filter: \(state.filter.description.sanitizedForTerminal)")
        parts.append(playStatus(state.playback, following: state.following))
        if state.sessionEnded { parts.append(state.sessionEnding) }
        if state.droppedActions > 0 { parts.append("dropped \(state.droppedActions)") }
        if state.damagedRanges > 0 { parts.append("damaged \(state.damagedRanges)") }
        var left = " " + parts.joined(separator: " │ ")
        if left.displayWidth > state.columns, let title = parts.first {
            // The file or session name gives way first: what follows it (`session ended`,
            // the counts) is what the line is for.
            let room = max(4, title.displayWidth - (left.displayWidth - state.columns))
            parts[0] = pad(title, room).trimmingSpaces
            left = " " + parts.joined(separator: " │ ")
        }
        grid.put(left, row: layout.statusRow, column: 0)
        let help = "? help  q quit "
        if left.displayWidth + help.count < state.columns { grid.put(help, row: layout.statusRow, column: state.columns - help.count) }
        grid.fill(row: layout.statusRow, style: .reverse)
    }

    private static func drawPrompt(_ state: ViewerState, _ layout: ViewerLayout, into grid: inout ScreenGrid) {
        if drawSearchProgress(state.search, row: layout.promptRow, into: &grid) { return }
        if let run = state.treeSearchRun {
            grid.put("searching the tree for \"\(run.needle)\"… (esc cancels)".sanitizedForTerminal, row: layout.promptRow, column: 0, style: .colored(.yellow))
            return
        }
        guard let line = state.prompts.line else {
            if let message = state.message { grid.put(message.sanitizedForTerminal, row: layout.promptRow, column: 0, style: .colored(.yellow)) }
            return
        }
        drawPromptLine(line, layout, into: &grid)
    }
}
