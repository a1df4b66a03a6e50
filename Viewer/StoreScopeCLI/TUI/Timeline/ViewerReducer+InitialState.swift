import TraceAnalysis
import TraceFormat

/// `#0`, the initial state (DevTools' `@@INIT`): the first row of the timeline, above the first
/// action, when the trace has actions and no filter hides actions. Selected (`k` or `[` from the first action, `:start`,
/// `:0`), the detail pane shows the main store's state before any action (`s`), as
/// `storescope state --at start` does; `j` and `]` go on to the first action.
extension ViewerReducer {
    /// Whether there is an initial state row: the trace has an action.
    var hasInitialState: Bool { session.seqRange != nil }

    /// Puts the `#0` row on top of a timeline that starts at the beginning, and the initial
    /// state in the detail pane when it is selected. Called at the end of every load.
    func showInitialState(_ state: inout ViewerState, rows height: Int) {
        guard hasInitialState else { return }
        if state.selected == 0 { showInitialDetail(&state) }
        // Under a filter the timeline lists the matching actions only (`:start` still
        // selects #0, hidden by the filter like any state `[` travels to).
        guard state.timeline.top == 0, state.filter.expression == .all else { return }
        let withInitial = [ViewerState.TimelineRow.initial(store: mainStore)] + state.timeline.rows
        // The row must not push the selection off the window (damage rows take lines too):
        // then the window starts at the first action instead.
        if let selected = state.selected, selected != 0, state.timeline.rows.prefix(height).contains(where: { $0.seq == selected }),
            !withInitial.prefix(height).contains(where: { $0.seq == selected }) {
            state.timeline.top = firstActionSeq(matching: state.filter, in: &state) ?? 0
            return
        }
        state.timeline.rows = Array(withInitial.prefix(height))
    }

    /// The session's main store (``SessionStores``): whose initial state `#0` is, and which
    /// store the control keys act on when no action is selected. From the keyframes alone:
    /// the loop does not read a damaged trace's every action for it.
    var mainStore: String { session.stores(readingActions: false).main ?? session.header.storeName }

    /// `#0` as an action entry: the main store's `@@INIT`, at the session's start.
    var initialEntry: ActionEntry {
        ActionEntry(
            action: ActionRecord(
                seq: 0, store: mainStore, monotonicNanos: session.header.startMonotonicNanos,
                wallNanos: session.header.startWallNanos, reducerNanos: 0, action: .enumeration(type: "", caseName: "@@INIT", payload: [])),
            sinceStart: 0)
    }

    /// The detail of `#0`, the main store's state before any action, asked of the reader as
    /// any action's detail.
    private func showInitialDetail(_ state: inout ViewerState) {
        askForDetail(of: initialEntry, in: &state)
    }
}
