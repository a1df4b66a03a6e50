import TraceAnalysis
import TraceFormat

/// The effects view: one row per effect (id, name, store, the action that started it, its
/// lifetime as a bar, how many actions it emitted) over the effect under the cursor in
/// detail. The bars share a time axis spanning the rows on screen, as a waterfall does:
/// `━` while the effect ran, ending in `F` (failed, red) or `C` (cancelled, yellow); a running
/// effect's bar reaches the end of the trace and ends in `▶`, highlighted. A `│` marks the time
/// of the action selected in the timeline, a `⇄` the time the app reconnected (``ReconnectNote``),
/// a `⤺` on the bar of an effect that was running when a listener jumped the app (``JumpMark``).
extension ViewerRender {
    /// Column widths of the effect rows; the bar takes what is left.
    struct EffectColumns {
        let columns: Int
        /// The id column: 4 cells, or as many as the largest id on screen needs (an effect
        /// `#10000` was cut to `1000` before), taken from the bar.
        let id: Int
        var name: Int { max(10, columns / 6) }
        /// Narrower than 60 columns the store column goes and the parent's shrinks, as the
        /// timeline's store column does, so that the bar keeps its room (at 40 columns the
        /// rows ran past the window and the bars were cut off).
        var showsStore: Bool { columns >= 60 }
        var store: Int { showsStore ? 8 : 0 }
        var parent: Int { showsStore ? max(12, columns / 5) : max(8, columns / 5) }
        static let emitted = 4

        init(columns: Int, largestID: UInt64 = 0) {
            self.columns = columns
            id = max(4, String(largestID).count)
        }

        /// Where the bar starts, and its width.
        var barStart: Int { 1 + id + 1 + name + 1 + (showsStore ? store + 1 : 0) + parent + 1 }
        var bar: Int { max(8, columns - barStart - Self.emitted - 2) }

        func row(marker: String, id: String, name: String, store: String, parent: String, bar: String, emitted: String) -> String {
            marker + pad(id, self.id, right: true) + " " + pad(name, self.name) + " " + (showsStore ? pad(store, self.store) + " " : "")
                + pad(parent, self.parent) + " " + pad(bar, self.bar) + " " + pad(emitted, Self.emitted, right: true)
        }
    }

    /// The time range the bars of the rows on screen share: from the first start to the last
    /// end (a running effect ends at the end of the trace).
    struct EffectAxis {
        var from: UInt64, to: UInt64

        init(_ rows: [EffectsView.Row], traceEnd: UInt64) {
            from = rows.map(\.lifetime.startNanos).min() ?? 0
            to = max(from == .max ? .max : from + 1, rows.map { $0.lifetime.end?.monotonicNanos ?? max(traceEnd, $0.lifetime.startNanos) }.max() ?? 0)
        }

        /// The cell of `nanos` on a bar `width` cells wide.
        func cell(_ nanos: UInt64, width: Int) -> Int {
            let clamped = min(max(nanos, from), to)
            return Int((Double(clamped - from) / Double(to - from) * Double(width - 1)).rounded(.down))
        }
    }

    /// The effects view in a window `layout` lays out, `selectedTime` the time of the action
    /// selected in the timeline (`nil`: none).
    static func drawEffects(_ view: EffectsView, selectedTime: UInt64?, _ layout: ViewerLayout, into grid: inout ScreenGrid) {
        let onScreen = view.rows.prefix(layout.timelineRows)
        let columns = EffectColumns(columns: grid.width, largestID: onScreen.map(\.lifetime.effectID).max() ?? 0)
        let traceEnd = view.spans?.endNanos ?? 0
        let axis = EffectAxis(view.rows, traceEnd: traceEnd)
        let times = RecordLine(startMonotonicNanos: view.spans?.startNanos ?? 0)
        let left = times.time(axis.from), right = times.time(axis.to)
        let fill = columns.bar - left.count - right.count - 2
        // No effect, no time span: an axis from the session's start to itself would read as a
        // negative time.
        let axisLabel = view.rows.isEmpty ? "" : fill > 0 ? left + " " + String(repeating: "─", count: fill) + " " + right : RecordLine.duration(axis.to - axis.from)
        grid.put(columns.row(marker: " ", id: "id", name: "effect", store: "store", parent: "started by", bar: axisLabel, emitted: "emit"), row: 0, column: 0, style: .bold)
        if view.rows.isEmpty {
            let complete = view.spans?.isComplete ?? true
            grid.put(complete ? "  (no effects in this trace)" : "  (no effects read yet)", row: 1, column: 0, style: .dim)
        }
        let reconnects = view.spans?.collected.reconnectNanos ?? []
        let jumps = view.spans?.collected.jumps ?? []
        for (offset, row) in onScreen.enumerated() {
            let y = offset + 1
            let effect = row.lifetime
            let isCursor = row.index == view.cursor
            let text = columns.row(
                marker: isCursor ? ">" : " ", id: String(effect.effectID), name: ShownText.start(of: effect.name, columns: columns.name).sanitizedForTerminal,
                store: effect.store.sanitizedForTerminal, parent: row.parent?.sanitizedForTerminal ?? "-", bar: "",
                emitted: String(effect.emitted.count))
            grid.put(text, row: y, column: 0, style: effect.isOpen ? .bold : .plain)
            drawBar(effect, axis: axis, traceEnd: traceEnd, complete: view.spans?.isComplete ?? true, selectedTime: selectedTime, columns: columns, row: y, into: &grid)
            // A reconnect crosses every bar at its time, over the bar: what ran then ran across it.
            for time in reconnects where time >= axis.from && time <= axis.to {
                grid.put("⇄", row: y, column: columns.barStart + axis.cell(time, width: columns.bar), style: .colored(.yellow, bold: true))
            }
            // A jump marks the bars of the effects it left running, where it happened.
            for jump in jumps where Self.ran(effect, at: jump.monotonicNanos) && jump.monotonicNanos <= axis.to {
                grid.put("⤺", row: y, column: columns.barStart + axis.cell(jump.monotonicNanos, width: columns.bar), style: .colored(.magenta, bold: true))
            }
            if isCursor { grid.fill(row: y, style: .reverse) }
        }
        drawEffectDetail(view, layout, into: &grid)
    }

    private static func drawBar(_ effect: EffectLifetime, axis: EffectAxis, traceEnd: UInt64, complete: Bool, selectedTime: UInt64?, columns: EffectColumns, row: Int, into grid: inout ScreenGrid) {
        let width = columns.bar
        let start = axis.cell(effect.startNanos, width: width)
        let end = max(start, axis.cell(effect.end?.monotonicNanos ?? max(traceEnd, effect.startNanos), width: width))
        if let selectedTime, selectedTime >= axis.from, selectedTime <= axis.to {
            grid.put("│", row: row, column: columns.barStart + axis.cell(selectedTime, width: width), style: .dim)
        }
        let (last, style): (String, CellStyle) = switch effect.end?.outcome {
        case nil where !complete: ("…", .dim)
        case nil: (effect.endMayBeMissing ? "?" : "▶", .colored(.cyan, bold: true))
        case .finished: ("━", .plain)
        case .cancelled: ("C", .colored(.yellow, bold: true))
        case .failed: ("F", .colored(.red, bold: true))
        }
        grid.put(String(repeating: "━", count: end - start) + last, row: row, column: columns.barStart + start, style: style)
    }

    private static func drawEffectDetail(_ view: EffectsView, _ layout: ViewerLayout, into grid: inout ScreenGrid) {
        let count = view.spans?.lifetimes.count ?? 0
        let position = view.selected.map { "effect \($0.effectID) (\(view.cursor + 1) of \(count)) " } ?? "effects "
        let reading = view.spans.map { $0.isComplete ? "" : "reading the trace \($0.percentRead)%  " } ?? ""
        let filter = view.filterText.map { "filter \"\($0.sanitizedForTerminal)\": \(view.visibleIndices(of: view.spans?.lifetimes ?? []).count) shown  " } ?? ""
        let title = "── " + position + filter + reading + "p parent  o emitted  enter start  e esc timeline "
        grid.put(title + String(repeating: "─", count: max(0, grid.width)), row: layout.detailTop, column: 0, style: .bold)
        for (offset, line) in effectDetailLines(view).prefix(layout.detailRows).enumerated() {
            let y = layout.detailTop + 1 + offset
            grid.put(line.label, row: y, column: 0, style: .bold)
            grid.put(line.text, row: y, column: 9, style: line.style)
        }
    }

    /// The facts of the effect under the cursor, one per line.
    static func effectDetailLines(_ view: EffectsView) -> [(label: String, text: String, style: CellStyle)] {
        guard let effect = view.selected, let spans = view.spans else { return [] }
        let times = RecordLine(startMonotonicNanos: spans.startNanos)
        var lines: [(label: String, text: String, style: CellStyle)] = []
        let name = ShownText.start(of: effect.name, columns: ShownText.widestLine)
        lines.append(("effect", "\(effect.effectID) \"\(name)\" in \(effect.store)".sanitizedForTerminal, .plain))
        if let location = effect.location { lines.append(("at", location.description.sanitizedForTerminal, .plain)) }
        let parent = view.rows.first { $0.lifetime.effectID == effect.effectID }?.parent
        let started = times.time(effect.startNanos) + (parent.map { " by \($0)" } ?? ", not by an action")
        lines.append(("started", started.sanitizedForTerminal, .plain))
        let duration = RecordLine.duration(effect.duration(traceEndNanos: spans.endNanos))
        switch effect.end?.outcome {
        case nil where !spans.isComplete:
            lines.append(("ended", "no end read yet: the trace is still being read (\(spans.percentRead)%)", .dim))
        case nil where effect.endMayBeMissing:
            lines.append(("ended", "no end: records were lost while it ran (its end may be among them; ran \(duration) at least)", .colored(.yellow)))
        case nil:
            let text = spans.collected.sessionEnded
                ? "never: still running when the session ended, a leak (\(duration))"
                : "running at the end of the trace (\(duration) so far)"
            lines.append(("ended", text, .colored(.cyan, bold: true)))
        case let .some(outcome):
            let end = effect.end.map { times.time($0.monotonicNanos) } ?? ""
            switch outcome {
            case .finished: lines.append(("ended", "finished at \(end) after \(duration)", .plain))
            case .cancelled: lines.append(("ended", "cancelled at \(end) after \(duration)", .colored(.yellow, bold: true)))
            case let .failed(message):
                lines.append(("ended", "failed at \(end) after \(duration)", .colored(.red, bold: true)))
                lines.append(("error", ShownText.start(of: message, columns: ShownText.widestLine).sanitizedForTerminal, .colored(.red)))
            }
        }
        let emitted = effect.emitted.isEmpty
            ? "no action"
            : "\(effect.emitted.count) action\(effect.emitted.count == 1 ? "" : "s"): " + effect.emitted.map { "#\($0)" }.joined(separator: " ")
        lines.append(("emitted", emitted, .plain))
        let across = spans.collected.reconnectNanos.filter { ran(effect, at: $0) }
        if !across.isEmpty {
            let when = across.map { times.time($0) }.joined(separator: ", ")
            lines.append(("across", "the app reconnected at \(when) while it ran (⇄ on its bar)", .colored(.yellow)))
        }
        let jumps = spans.collected.jumps.filter { ran(effect, at: $0.monotonicNanos) }
        if !jumps.isEmpty {
            // `jumped   to #2 at +1.52s while it ran; it went on running (⤺)`
            let which = jumps.map { "to #\($0.seq) at \(times.time($0.monotonicNanos))" }.joined(separator: ", ")
            lines.append(("jumped", "\(which) while it ran; it went on running (⤺)", .colored(.magenta)))
        }
        return lines
    }

    /// Whether `effect` was running at `nanos`: started by then and not yet ended.
    static func ran(_ effect: EffectLifetime, at nanos: UInt64) -> Bool {
        nanos >= effect.startNanos && nanos <= (effect.end?.monotonicNanos ?? .max)
    }
}
