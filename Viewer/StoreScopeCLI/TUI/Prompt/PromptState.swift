/// The prompt's part of ``ViewerState``: the line open at the bottom of the screen, if any,
/// and what was entered at each prompt in this run.
struct PromptState: Sendable, Equatable {
    /// The open line (`nil`: no prompt is open).
    var line: ViewerState.Prompt?
    /// What was entered at each prompt, oldest first (↑ and ↓ recall it).
    var history: [ViewerState.Prompt.Kind: [String]] = [:]
}
