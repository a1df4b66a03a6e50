import TraceAnalysis

/// How `storescope stats` prints ``SessionStats``: aligned text tables, or NDJSON rows.
struct StatsReport {
    var stats: SessionStats
    var missing: [String]

    /// At most this many state sizes are listed in text (evenly spread, first and last kept).
    static let shownStateSizes = 10

    func textLines() -> [String] {
        var lines: [String] = []
        let seqs = stats.seqRange.map { " (#\($0.lowerBound)…#\($0.upperBound))" } ?? ""
        let stores = stats.stores.isEmpty ? "" : " in \(counted(stats.stores.count, "store")) (\(stats.stores.joined(separator: ", ")))"
        lines.append("actions: \(stats.actions)\(seqs)\(stores)")
        lines.append("")
        // `unknown`: actions that wrote no change, where a change inside a class instance held
        // by reference would not show; only when the trace has some.
        let unknown = stats.unjudgedByReferences > 0
        if stats.actionCases.isEmpty {
            lines.append("reducer time per action case: no action")
        } else {
            lines += table(
                ["action", "count", "no-op"] + (unknown ? ["unknown"] : []) + ["p50", "p90", "p99", "max"],
                stats.actionCases.map { item in
                    [item.name, "\(item.count)", "\(item.noOps)"] + (unknown ? ["\(item.unjudgedByReferences)"] : []) + durations(item.reducer)
                }, title: "reducer time per action case:")
        }
        lines.append("")
        if stats.effectNames.isEmpty {
            lines.append("effects: none")
        } else {
            lines += table(
                ["effect", "count", "finished", "cancelled", "failed", "running", "p50", "p90", "p99", "max"],
                stats.effectNames.map { item in
                    [item.name, "\(item.count)"] + ["finished", "cancelled", "failed", "running"].map { "\(item.outcomes[$0] ?? 0)" }
                        + durations(item.durations)
                }, title: "effect duration per name (ended effects):")
        }
        lines.append("")
        var noOps = "no-op actions: \(stats.noOps) of \(stats.actions) left the state unchanged"
        if stats.unjudged > 0 { noOps += " (\(stats.unjudged) with a keyframe not judged)" }
        lines.append(noOps)
        if unknown {
            let types = stats.unjudgedReferenceTypes.joined(separator: ", ")
            lines.append("unknown: \(stats.unjudgedByReferences) more wrote no change, but their state holds mutable class instances (\(types)),")
            lines.append("  recorded by reference: a change made inside one in place is not in the trace, so whether they changed it is unknown")
        }
        lines.append("")
        lines.append("state size (nodes) per store:")
        for store in stats.storeSizes.stores {
            let end: String
            if let last = store.last, !store.unknownAtEnd {
                end = "\(last.nodes) at the end (after #\(last.seq))"
            } else if let last = store.last {
                end = "unknown at the end (\(last.nodes) after #\(last.seq), then records were lost)"
            } else {
                end = "unknown"
            }
            lines.append("  \(store.name): \(end)" + (store.peak.map { "; peak \($0.nodes) after #\($0.seq)" } ?? ""))
        }
        if stats.storeSizes.stores.isEmpty { lines.append("  no state recorded") }
        lines.append("")
        lines.append("state size (nodes) at keyframes:")
        let sizes = Self.spread(stats.stateSizes, keeping: Self.shownStateSizes)
        lines += sizes.map { "  #\($0.seq) \($0.store): \($0.nodes)" }
        if sizes.count < stats.stateSizes.count { lines.append("  (\(sizes.count) of \(stats.stateSizes.count) keyframes shown; --json lists all)") }
        if stats.stateSizes.isEmpty { lines.append("  no keyframe") }
        lines.append("")
        let lost = stats.drops.reduce(UInt64(0)) { $0.addingSaturated($1.count) }
        lines.append("drops: " + (stats.drops.isEmpty ? "none" : "\(lost) actions lost by the recorder in \(stats.drops.count == 1 ? "1 drop" : "\(stats.drops.count) drops")"))
        lines += stats.drops.map { "  #\($0.firstSeq)…#\($0.lastSeq) (\($0.count) actions)" }
        lines.append("gaps: " + (missing.isEmpty ? "none" : counted(missing.count, "damaged part")))
        lines += missing.map { "  \($0)" }
        lines.append("")
        let buckets = stats.rate.buckets
        lines.append("action rate (actions per \(buckets.first.map { RecordLine.duration($0.widthNanos) } ?? "1s"), since the session start):")
        lines += table(["from", "actions"], buckets.map { [Self.offset($0.startNanos, width: $0.widthNanos), "\($0.actions)"] }, title: nil)
        return lines.map(\.sanitizedForTerminal)
    }

    func jsonLines() -> [String] {
        var lines: [String] = []
        func object(_ kind: String, _ body: (inout JSONWriter) -> Void) {
            var json = JSONWriter()
            json.beginObject()
            json.field("kind", kind)
            body(&json)
            json.endObject()
            lines.append(json.text)
        }
        object("session") { json in
            json.field("actions", UInt64(stats.actions))
            json.field("noOps", UInt64(stats.noOps))
            json.field("unjudged", UInt64(stats.unjudged))
            json.field("unjudgedByReferences", UInt64(stats.unjudgedByReferences))
            json.key("referenceTypes")
            json.beginArray()
            for type in stats.unjudgedReferenceTypes { json.string(type) }
            json.endArray()
            json.key("stores")
            json.beginArray()
            for store in stats.stores { json.string(store) }
            json.endArray()
            if let range = stats.seqRange {
                json.field("firstSeq", range.lowerBound)
                json.field("lastSeq", range.upperBound)
            }
            json.field("droppedActions", stats.drops.reduce(UInt64(0)) { $0.addingSaturated($1.count) })
            json.key("missing")
            json.beginArray()
            for part in missing { json.string(part) }
            json.endArray()
        }
        for item in stats.actionCases {
            object("actionCase") { json in
                json.field("case", item.name)
                json.field("count", UInt64(item.count))
                json.field("noOps", UInt64(item.noOps))
                json.field("unjudgedByReferences", UInt64(item.unjudgedByReferences))
                Self.write(item.reducer, as: "reducerNanos", to: &json)
            }
        }
        for item in stats.effectNames {
            object("effect") { json in
                json.field("name", item.name)
                json.field("count", UInt64(item.count))
                for outcome in ["finished", "cancelled", "failed", "running"] { json.field(outcome, UInt64(item.outcomes[outcome] ?? 0)) }
                Self.write(item.durations, as: "durationNanos", to: &json)
            }
        }
        for store in stats.storeSizes.stores {
            object("storeSize") { json in
                json.field("store", store.name)
                json.key("endNodes")
                if let last = store.last, !store.unknownAtEnd { json.number(UInt64(last.nodes)) } else { json.null() }
                if let last = store.last { json.field("lastKnownSeq", last.seq) }
                if let peak = store.peak {
                    json.field("peakNodes", UInt64(peak.nodes))
                    json.field("peakSeq", peak.seq)
                }
            }
        }
        for size in stats.stateSizes {
            object("stateSize") { json in
                json.field("seq", size.seq)
                json.field("store", size.store)
                json.field("nodes", UInt64(size.nodes))
            }
        }
        for drop in stats.drops {
            object("dropped") { json in
                json.field("count", drop.count)
                json.field("firstSeq", drop.firstSeq)
                json.field("lastSeq", drop.lastSeq)
            }
        }
        for bucket in stats.rate.buckets {
            object("rate") { json in
                json.field("start", bucket.startNanos)
                json.field("widthNanos", bucket.widthNanos)
                json.field("actions", UInt64(bucket.actions))
            }
        }
        return lines
    }

    private func durations(_ percentiles: Percentiles?) -> [String] {
        guard let percentiles else { return ["-", "-", "-", "-"] }
        return [percentiles.p50, percentiles.p90, percentiles.p99, percentiles.max].map(RecordLine.duration)
    }

    private static func write(_ percentiles: Percentiles?, as name: String, to json: inout JSONWriter) {
        json.key(name)
        guard let percentiles else { return json.null() }
        json.beginObject()
        json.field("p50", percentiles.p50)
        json.field("p90", percentiles.p90)
        json.field("p99", percentiles.p99)
        json.field("max", percentiles.max)
        json.endObject()
    }

    /// A table: the first column left-aligned, the others right-aligned, two spaces apart.
    private func table(_ header: [String], _ rows: [[String]], title: String?) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].displayWidth }.max() ?? 0 }
        let lines = all.map { cells in
            "  " + cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.displayWidth)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        return (title.map { [$0] } ?? []) + lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// `+12s`, or `+0.3s` when buckets are narrower than a second.
    static func offset(_ nanos: UInt64, width: UInt64) -> String {
        DurationText.offset(Int64(clamping: nanos), fractionDigits: width >= 1_000_000_000 ? 0 : 1)
    }

    /// At most `count` elements of `items`, evenly spread, keeping the first and the last.
    static func spread<T>(_ items: [T], keeping count: Int) -> [T] {
        guard items.count > count, count >= 2 else { return items }
        return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
    }
}
