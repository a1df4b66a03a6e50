/// Where each part of the viewer goes in a window: the timeline's header and rows on top, the
/// detail pane under a separator, then the status line and the prompt line. The timeline
/// takes about half of what the two bottom lines leave, at least 3 rows when the window has
/// room for them, and always leaves the separator above the status line (a 20x5 window: one
/// timeline row, the separator, the status line, the prompt).
///
/// The timeline's columns: seq, time, store, action, reducer, changes, fx. The seq column is
/// as wide as the trace's largest seq needs (`#1000000`: 8 cells), never under 6; the action
/// column takes what is left; in a narrow window the changes, then the reducer time, then the store
/// give way before it shrinks under 16 cells (at 40 columns: seq, time, action, fx). The
/// action and changes columns then share their cells by what the rows on screen need
/// (``fitted(actionNeeds:changesNeed:)``).
struct ViewerLayout: Sendable, Equatable {
    let columns: Int, rows: Int
    /// Cells of the seq column: `#` and the digits of the largest seq, at least 6.
    let seqWidth: Int
    /// Cells the changes column takes from the action column (negative: gives it), so that
    /// the rows on screen show whole what they hold (``fitted(actionNeeds:changesNeed:)``).
    private var changesExtra = 0

    /// - Parameter largestSeq: the largest seq the timeline can show, which sets ``seqWidth``.
    init(columns: Int, rows: Int, largestSeq: UInt64 = 0) {
        self.columns = columns
        self.rows = rows
        seqWidth = max(Self.narrowestSeq, "#\(largestSeq)".count)
    }

    /// The narrowest the seq column gets (`#99999`), so small traces keep their screens.
    static let narrowestSeq = 6

    /// Timeline rows (without its header line at row 0).
    var timelineRows: Int { max(1, max(min(3, rows - 4), (rows - 4) / 2 - 1)) }
    /// The detail pane's separator line.
    var detailTop: Int { timelineRows + 1 }
    /// Detail lines under the separator (0 in a window too short for any).
    var detailRows: Int { max(0, statusRow - detailTop - 1) }
    var statusRow: Int { rows - 2 }
    var promptRow: Int { rows - 1 }

    /// The narrowest action column before other columns give way.
    static let narrowestAction = 16

    /// Which of the optional columns fit: each gives way when the action would get fewer
    /// than ``narrowestAction`` cells with it.
    var showsChanges: Bool { actionRoom(store: true, reducer: true, changes: max(12, columns / 5)) >= Self.narrowestAction }
    var showsReducer: Bool { showsChanges || actionRoom(store: true, reducer: true, changes: nil) >= Self.narrowestAction }
    var showsStore: Bool { showsReducer || actionRoom(store: true, reducer: false, changes: nil) >= Self.narrowestAction }

    /// Widths of the timeline columns; the action summary takes what is left.
    var changesWidth: Int { showsChanges ? max(12, columns / 5) + changesExtra : 0 }
    var actionWidth: Int {
        max(8, actionRoom(store: showsStore, reducer: showsReducer, changes: showsChanges ? changesWidth : nil))
    }

    /// This layout with the cells of the action and changes columns shared by what the rows on
    /// screen need: the widest action summary (`actionNeeds`) and the widest list of changed
    /// paths (`changesNeed`). A column that needs less than its share gives the rest to the
    /// other, down to its narrowest (16 cells for the action, 12 for the changes); at 200
    /// columns, short actions no longer keep 60 blank cells while the changes are cut at 40.
    func fitted(actionNeeds: Int, changesNeed: Int) -> ViewerLayout {
        guard showsChanges else { return self }
        let action = actionWidth, changes = changesWidth
        var fitted = self
        if actionNeeds < action, changesNeed > changes {
            fitted.changesExtra += min(action - max(actionNeeds, Self.narrowestAction), changesNeed - changes)
        } else if changesNeed < changes, actionNeeds > action {
            fitted.changesExtra -= min(changes - max(changesNeed, Self.narrowestChanges), actionNeeds - action)
        }
        return fitted
    }

    /// The narrowest the changes column gets.
    static let narrowestChanges = 12

    /// What a row of ``columns`` cells leaves the action with these columns (a row ends one
    /// cell short of the window): a space, the seq (``seqWidth``), the time (9), the store (8),
    /// the reducer time (7), the changes, the fx marks (4), a space between each two.
    private func actionRoom(store: Bool, reducer: Bool, changes: Int?) -> Int {
        columns - 1 - (1 + seqWidth + 1 + 10 + (store ? 9 : 0) + 1 + (reducer ? 8 : 0) + (changes.map { $0 + 1 } ?? 0) + 4)
    }
}

extension ViewerState {
    /// Where each part of the screen goes in the state's window, the seq column as wide as
    /// the trace's last seq (or a row's, while the totals lag behind a live session) needs.
    var layout: ViewerLayout {
        ViewerLayout(columns: columns, rows: rows, largestSeq: max(lastSeq ?? 0, timeline.rows.lazy.compactMap(\.seq).max() ?? 0))
    }
}
