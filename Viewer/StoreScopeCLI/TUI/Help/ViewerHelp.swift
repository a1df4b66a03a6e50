/// The `?` screen: every key of the viewer. When the window has fewer rows than the help has
/// lines, it scrolls like less (``HelpReducer``) and its last row says
/// which lines are shown and how to see the others.
enum ViewerHelp {
    static let lines = [
        "StoreScope viewer keys (j k PgDn PgUp g G scroll; any other key closes)",
        "",
        "  j k  ↓ ↑        next / previous action in the timeline (the filter applies)",
        "  PgDn PgUp  b    a page down / up",
        "  g G  Home End   first / last action",
        "  ] [  → ←        next / previous state: every action, whatever the filter",
        "  } {             next / previous change of the path under the cursor",
        "  space  + -      play / pause through the states; faster / slower (1x..max)",
        "  *               play at a fixed rate per action (1/s..25/s), or recorded pace",
        "  m  ' \"          bookmark the action (this run only); next / previous bookmark",
        "  ) (             next / previous mark the app placed (Recorder.mark)",
        "  :               jump to an action: 42, start, end, or a time such as 1.5s",
        "  /  n  N         search (filter language; in a tree: text); next / previous",
        "  f               filter the timeline: action:search* and not store:ui",
        "  F               follow a growing trace (the last action stays selected)",
        "  d  s  a         detail pane: state diff / full state tree / the action's tree",
        "  tab             move the keys between timeline and detail pane",
        "  h l enter       fold / unfold / toggle the node under the cursor (s, a trees)",
        "  H L             collapse / expand every node of the tree (s, a)",
        "  y               copy the path under the cursor (message line, clipboard)",
        "  e  p  o         effects view (enter: start); parent / next emitted action",
        "  in effects      f filter the list, / n N search it, F follow the newest",
        "                  │ the selected action's time, ⇄ the app reconnected",
        "  esc             close a prompt; back to the timeline",
        "  in a prompt     ← → Home End ^A ^E move, ^W ^U ^K cut, ↑ ↓ earlier entries",
        "  < >  S          live sessions: previous / next session; list them to pick one",
        "  J  R  D         live app: jump it to this state; re-send it; type an action",
        "  X  x            live app: replay from here (X again: stop); x: one at a time",
        "  P  K            live app: pause / resume recording; lock / unlock its actions",
        "  ?  q  Ctrl-C    this help; quit (Ctrl-Z suspends; fg in the shell resumes)",
        "",
        "In this help: j k ↓ ↑ a line, PgDn PgUp space b a page, g G Home End the ends",
        "",
        "fx marks: S started an effect  E emitted by one  D actions dropped  M app mark",
        "  and of the effects the action started: F failed  C cancelled  L leaked",
    ]

    /// The help's lines that fit in `rows`, the last of them a hint when some do not.
    struct Page: Equatable {
        /// Help lines shown: ``ViewerHelp/lines`` from `first`, `count` of them.
        var first: Int, count: Int
        /// Whether the last row holds the hint instead of a help line.
        var scrolls: Bool

        /// The page starting at `top` (clamped to the pages there are) in `rows` rows.
        init(top: Int, rows: Int) {
            let rows = max(1, rows)
            scrolls = lines.count > rows
            count = scrolls ? max(1, rows - 1) : lines.count
            first = min(max(0, top), Self.lastTop(rows: rows))
        }

        /// The first line of the last page.
        static func lastTop(rows: Int) -> Int {
            lines.count > rows ? lines.count - max(1, rows - 1) : 0
        }

        /// `lines 1-21 of 24 (more: j PgDn G)`, or `(END)` on the last page.
        var hint: String {
            let range = "lines \(first + 1)-\(first + count) of \(lines.count)"
            if first + count >= lines.count { return "\(range) (END: k PgUp g scroll back; any other key closes)" }
            return "\(range) (more: j PgDn G; any other key closes)"
        }
    }

    /// Draws `help` over the screen's first `rows` rows.
    static func draw(_ help: HelpState, into grid: inout ScreenGrid, rows: Int) {
        let page = Page(top: help.top, rows: rows)
        for (index, line) in lines.dropFirst(page.first).prefix(page.count).enumerated() {
            grid.put(line, row: index, column: 1, style: index == 0 && page.first == 0 ? .bold : .plain)
        }
        if page.scrolls { grid.put(page.hint, row: rows - 1, column: 1, style: .reverse) }
    }
}
