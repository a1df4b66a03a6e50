/// The viewer's side of playing: hands it its actions with the selection, following and
/// whether the timeline waits for a screen, and does what it asks: move the timeline (a
/// step, back to the first action, the last), follow, say its lines.
extension ViewerReducer {
    func reduce(_ action: PlaybackAction, in state: inout ViewerState) {
        let context = PlaybackAction.Context(
            selected: state.selected, entry: state.detail?.entry, following: state.following, waitsForScreen: state.timeline.asked != nil)
        take(PlaybackReducer.reduce(into: &state.playback, action, context)) { delegate in
            switch delegate {
            case let .message(text): state.message = text
            case let .following(on): state.following = on
            case let .move(screenMove): move(screenMove, in: &state)
            }
        }
    }
}
