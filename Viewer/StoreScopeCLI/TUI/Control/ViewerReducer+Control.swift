/// The viewer's side of the control keys: hands them their actions with what they read of
/// the viewer (the live session shown, the selection, its store), puts their lines on the
/// message line and opens the prompts they ask for.
extension ViewerReducer {
    func reduce(_ action: ControlAction, in state: inout ViewerState) {
        let live = source as? LiveSessionSource
        let context = ControlAction.Context(
            app: live.map { .init(session: $0.live.tag, hasEnded: $0.hasEnded) }, selected: state.selected,
            store: state.detail?.entry.action.store ?? state.timeline.mainStore)
        take(ControlReducer.reduce(into: &state.control, action, context)) { delegate in
            switch delegate {
            case let .message(text): state.message = text
            case let .prompt(line): reduce(PromptAction.open(line), in: &state)
            }
        }
    }
}
