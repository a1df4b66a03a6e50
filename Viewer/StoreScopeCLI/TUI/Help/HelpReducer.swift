/// The `?` help's update, which sees nothing else of the viewer: like less, j/k and the arrows
/// scroll a line, PgDn/PgUp (and space/b) a page, g/G (Home/End) to the ends; any other key
/// closes it. It asks nothing of the world or of the viewer.
enum HelpReducer {
    /// Updates the help for `action`, in a window whose help area is `rows` rows.
    static func reduce(into state: inout HelpState, _ action: HelpAction, rows: Int) -> FeatureUpdate<Never> {
        switch action {
        case .open:
            state.isShown = true
        case let .key(key):
            guard state.isShown else { return .none }
            let page = ViewerHelp.Page(top: state.top, rows: rows)
            let last = ViewerHelp.Page.lastTop(rows: rows)
            switch key {
            case .character("j"), .down: state.top = min(last, page.first + 1)
            case .character("k"), .up: state.top = max(0, page.first - 1)
            case .pageDown, .character(" "): state.top = min(last, page.first + page.count)
            case .pageUp, .character("b"): state.top = max(0, page.first - page.count)
            case .character("g"), .home: state.top = 0
            case .character("G"), .end: state.top = last
            default: state = HelpState()
            }
        }
        return .none
    }
}
