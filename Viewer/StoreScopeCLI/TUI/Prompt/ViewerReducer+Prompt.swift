/// The viewer's side of the prompt: hands it its actions and acts on the line it submits
/// (``submit(_:in:)``).
extension ViewerReducer {
    func reduce(_ action: PromptAction, in state: inout ViewerState) {
        take(PromptReducer.reduce(into: &state.prompts, action)) { delegate in
            switch delegate {
            case let .submitted(line): submit(line, in: &state)
            }
        }
    }
}
