import TraceAnalysis

/// What the effects view does (``EffectsReducer``): its keys, its prompts' lines, and the
/// effects and parent actions the reader read for it.
package enum EffectsAction: Sendable, Equatable {
    /// A key: any but `q` `?` while the view is shown; `e` `p` `o` in the timeline
    /// (``EffectsReducer/takes(_:shown:)``).
    case key(Key)
    /// The view's `f` or `/` prompt submitted `line`.
    case submitted(ViewerState.Prompt)
    /// Records arrived (`idle`: a tick with nothing else to do): read on what the trace
    /// appended, once the effects have been read from; an idle moment starts the first pass.
    case refresh(idle: Bool)
    /// The window changed size: the rows on screen again.
    case resized
    /// A part of the effects the reader read (``BackgroundReader/EffectsRequest``).
    case read(BackgroundReader.EffectsRead)
    /// The parent actions the reader summarized for the rows on screen.
    case summaries(BackgroundReader.Summaries)
    /// The screen a key asked for was answered, with `selected` the selection: where `enter`
    /// left the view for an effect no action started.
    case landed(on: UInt64?)

    /// What the effects view asks of the viewer.
    enum Delegate: Sendable, Equatable {
        /// A line for the message line.
        case message(String)
        /// Opens `line` at the prompt (the view's `f` and `/`).
        case prompt(ViewerState.Prompt)
        /// Back to the timeline with action `seq` selected, or `unreadable` said when it is not.
        case select(UInt64, unreadable: String)
        /// Back to the timeline, moved (`F`: the last action; `enter`: the last before a time).
        case move(ScreenMove)
        /// Whether new records move the selection to the last action (`F` starts following,
        /// moving the cursor stops it).
        case following(Bool)
    }

    /// What the effects view reads of the viewer, read-only.
    struct Context: Sendable, Equatable {
        /// The trace shown, as the reader opens it: what the view asks the reader to read.
        var trace: BackgroundReader.Trace
        /// The selected action's seq (`nil`: none).
        var selected: UInt64?
        /// The selected action, once read (`nil`: none, or not read yet).
        var entry: ActionEntry?
        /// The rows the view's list has on screen (``ViewerLayout/timelineRows``).
        var rows: Int
        /// Whether new records move the selection to the last action.
        var following: Bool
    }
}
