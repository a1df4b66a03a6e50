/// Where each part of the viewer goes in a window: the timeline's header and rows on top, the
/// detail pane under a separator, then the status line and the prompt line. The timeline
/// takes about half of what the two bottom lines leave.
struct ViewerLayout: Sendable, Equatable {
    let columns: Int, rows: Int

    /// Timeline rows (without its header line at row 0).
    var timelineRows: Int { max(3, (rows - 4) / 2 - 1) }
    /// The detail pane's separator line.
    var detailTop: Int { timelineRows + 1 }
    /// Detail lines under the separator.
    var detailRows: Int { max(1, statusRow - detailTop - 1) }
    var statusRow: Int { rows - 2 }
    var promptRow: Int { rows - 1 }

    /// Widths of the timeline columns; the action summary takes what is left.
    var changesWidth: Int { max(12, columns / 5) }
    var actionWidth: Int { max(8, columns - 42 - changesWidth) }
}
