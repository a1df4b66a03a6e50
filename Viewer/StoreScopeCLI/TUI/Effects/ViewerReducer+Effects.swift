/// The viewer's side of the effects view: hands it its actions with what it reads of the
/// viewer (the trace, the selection, the rows on screen, following), and does what it asks
/// outside the view: selects, moves the timeline, follows, opens its prompts, says its lines.
extension ViewerReducer {
    func reduce(_ action: EffectsAction, in state: inout ViewerState) {
        let context = EffectsAction.Context(
            trace: backgroundTrace, selected: state.selected, entry: state.detail?.entry, rows: state.layout.timelineRows, following: state.following)
        take(EffectsReducer.reduce(into: &state.effects, action, context)) { delegate in
            switch delegate {
            case let .message(text): state.message = text
            case let .prompt(line): reduce(PromptAction.open(line), in: &state)
            case let .select(seq, unreadable): select(seq, unreadable: unreadable, in: &state)
            case let .move(screenMove): move(screenMove, in: &state)
            case let .following(on): state.following = on
            }
        }
    }
}
