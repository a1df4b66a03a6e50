/// The viewer's side of the `?` help: hands it its actions.
extension ViewerReducer {
    func reduce(_ action: HelpAction, in state: inout ViewerState) {
        take(HelpReducer.reduce(into: &state.help, action, rows: state.layout.statusRow)) { _ in }
    }
}
