/// The viewer's side of the detail pane's keys: hands them the detail read and the pane's
/// size, and, for `y`, the path under the cursor; puts their lines on the message line.
extension ViewerReducer {
    func reduce(_ action: DetailAction, in state: inout ViewerState) {
        var context = DetailAction.Context(detail: state.detail, rows: state.layout.detailRows)
        if action == .copyPath {
            // The path is read once the detail is: until then, `y` says it waits.
            guard !waitingForDetail(&state) else { return }
            context.pathUnderCursor = state.detail.flatMap { pathUnderCursor(state, $0) }
        }
        take(DetailReducer.reduce(into: &state.pane, action, context)) { delegate in
            switch delegate {
            case let .message(text): state.message = text
            }
        }
    }
}
