/// The `?` screen: every key of the viewer (it fits the 22 rows an 80x24 window leaves).
enum ViewerHelp {
    static let lines = [
        "StoreScope viewer keys (any key closes this help)",
        "",
        "  j k  ↓ ↑        next / previous action in the timeline (the filter applies)",
        "  PgDn PgUp  b    a page down / up",
        "  g G  Home End   first / last action",
        "  ] [  → ←        next / previous state: every action, whatever the filter",
        "  } {             next / previous change of the path under the cursor",
        "  space  + -      play / pause through the states; faster / slower (1x..max)",
        "  m  ' \"          bookmark the action (this run only); next / previous bookmark",
        "  :               jump to an action: 42, start, end, or a time such as 1.5s",
        "  /  n  N         search (filter language); next / previous match",
        "  f               filter the timeline: action:search* and not store:ui",
        "  F               follow a growing trace (the last action stays selected)",
        "  d  s            detail pane: state diff / full state tree",
        "  tab             move the keys between timeline and detail pane",
        "  h l enter       fold / unfold / toggle the node under the cursor (state)",
        "  e  p  o         effects view (enter: start); parent / next emitted action",
        "  esc             close a prompt; back to the timeline",
        "  < >  S          live sessions: previous / next session; list them to pick one",
        "  ?  q  Ctrl-C    this help; quit",
        "",
        "fx marks: S effect started  E emitted  F failed  C cancelled  D actions dropped",
    ]

    static func draw(into grid: inout ScreenGrid, rows: Int) {
        for (index, line) in lines.prefix(rows).enumerated() {
            grid.put(line, row: index, column: 1, style: index == 0 ? .bold : .plain)
        }
    }
}
