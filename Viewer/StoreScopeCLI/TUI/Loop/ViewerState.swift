import TraceAnalysis
import TraceFormat

/// Everything the viewer's screen shows, and nothing else: ``ViewerRender`` draws it, and
/// only ``ViewerReducer`` changes it. Trace data in it was read from the engine by the reducer
/// (the visible timeline rows and the selected action's states), so rendering reads no file.
package struct ViewerState: Sendable, Equatable {
    /// The window size.
    var columns = 80, rows = 24

    /// The filter hiding actions from the timeline (`.all`: none hidden).
    var filter: Filter = .all
    /// The last text searched in a tree (`/` with the keys in the state or action tree).
    var treeSearch: String?
    /// The tree search running a part at a time, if any.
    var treeSearchRun: TreeSearchRun?
    /// How long a part of a tree search may look (`nil`: one step of
    /// ``TreeSearchRun/nodesPerPart`` lines; tests count parts in lines).
    var treeSearchPart: Duration? = .milliseconds(28)
    /// The selected action's seq (`nil`: the trace has no action yet; 0: the initial state).
    package var selected: UInt64?
    /// The timeline's window of rows, and what it waits for from the reader.
    var timeline = TimelineState()
    /// The selected action and its states.
    var detail: Detail?
    /// How the detail pane shows it: the view, the cursor, the folds.
    var pane = DetailPane()

    /// Whether keys move in the timeline or in the detail pane.
    var focus: Focus = .timeline

    /// What the viewer believes of the live app (paused, locked) from the commands it sent
    /// (``ControlReducer``).
    var control = ControlState()

    /// The open prompt, if any, and what was entered at each prompt in this run.
    var prompts = PromptState()
    /// A one-line message (a search that found nothing, a jump past the end).
    package var message: String?
    /// Whether new records move the selection to the last action.
    var following = false
    /// The `?` help.
    var help = HelpState()
    /// Actions the recorder dropped, and damaged ranges, in the whole trace.
    var droppedActions: UInt64 = 0
    var damagedRanges = 0
    /// The time column's unit, chosen by the session's span.
    var timeColumn = TimeColumn(span: 0)
    /// The last action's seq, whether its session is over, and how the status line says so
    /// (``TraceSource/ending(closed:)``).
    var lastSeq: UInt64?
    var sessionEnded = false
    var sessionEnding = "session ended"
    /// The effects view (`e`) and the effect lifetimes it has read.
    var effects = EffectsView()
    /// The sessions to switch between (live sessions), the `S` list, and the status line's
    /// name of the session shown (``SessionsReducer``).
    var sessions = SessionsState()
    /// Set by `q` or Ctrl-C: the loop restores the terminal and exits.
    var quit = false

    /// Playing through the states (`space`), and how fast (``PlaybackReducer``).
    var playback = PlaybackState()
    /// The actions bookmarked with `m` (for this run of the viewer; ``MarksReducer``).
    var marks = MarksState()
    /// The path the last `}` or `{` followed from the timeline and the action it landed on:
    /// pressed again there, they keep following that path.
    var followedPath: FollowedPath?
    /// The timeline's search: the last one, and the one reading the trace while it runs.
    var search = TimelineSearch()

    /// What the detail pane shows: the state diff (`d`), the state tree (`s`), or the action
    /// itself as a foldable tree (`a`).
    package enum DetailMode: Sendable, Equatable { case diff, tree, action }
    enum Focus: Sendable, Equatable { case timeline, detail }

    /// A row of the timeline.
    enum TimelineRow: Sendable, Equatable {
        /// An action with the paths it changed.
        case action(ActionEntry, changedPaths: ChangedPaths)
        /// Records lost here.
        case damage(String)
        /// The app reconnected here, and what is known across it (``ReconnectNote/summary(after:)``).
        case reconnect(String)
        /// `#0`, the initial state before the first action (DevTools' `@@INIT`), of this store.
        case initial(store: String)

        var seq: UInt64? {
            switch self {
            case let .action(entry, _): entry.seq
            case .initial: 0
            case .damage, .reconnect: nil
            }
        }
    }

    /// The paths an action changed, as its timeline row shows them.
    enum ChangedPaths: Sendable, Equatable {
        case known([String])
        /// A keyframe whose state before is unknown (after a gap): `?`.
        case unknown
        /// A keyframe of a large state whose changes are worked out when it is selected (a
        /// comparison of the whole state with the one before): `…`.
        case notYetRead
        /// The recorder let the state after the action go (it coalesced states): what the
        /// action changed is unknown, and is in the store's next recorded change.
        case notRecorded
    }

    /// Timeline rows read from the engine (before ``TimelineReader`` adds `#0`), with what they
    /// were read for: the reader reuses them while the window, the filter and the trace are
    /// the same.
    struct ReadTimeline: Sendable, Equatable {
        var top: UInt64
        var count: Int
        var filter: Filter
        /// The session (``TraceSession/opening``) and its chunk count when read: a growing or
        /// reopened trace's rows are read again.
        var session: UInt64
        var chunks: Int
        var rows: [TimelineRow]

        /// The action rows' seqs, in order.
        var actionSeqs: [UInt64] {
            rows.compactMap { if case let .action(entry, _) = $0 { entry.seq } else { nil } }
        }
    }

    /// The selected action and what the detail pane shows about it.
    struct Detail: Sendable, Equatable {
        var entry: ActionEntry
        /// The `-`/`+` lines of its state change, or why it is unknown.
        var diff: Result<[DiffLine], UnknownText>
        /// The state after it, or why it is unknown.
        var state: Result<TraceValue, UnknownText>
        /// Whether the diff and the state are still to be read: a key moves the selection at
        /// once and the ``BackgroundReader`` reads them.
        var isLoading = false
        /// The state tree's row counts of its large containers, counted once per detail.
        var treeCounts = TreeOutline.Counts()
        /// What the action changed: its patch, or a keyframe's changes worked out by the reader
        /// (`nil`: unknown); `}` and `{` follow their paths.
        var changes: [PatchOperation]?
        /// The nodes of the state after the action that it changed (marked `+` in the tree).
        var changedNodes = ChangedNodes()
    }

    /// Why a state is unknown, in words.
    struct UnknownText: Error, Sendable, Equatable {
        var text: String
    }
}
