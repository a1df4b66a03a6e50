import TraceAnalysis

/// Tallies of record kinds for reports.
struct RecordCounts {
    var total = 0, actions = 0, patches = 0, keyframes = 0, effects = 0, logs = 0
    var dropped: UInt64 = 0
    /// Actions whose state the recorder let go (`state not recorded` records).
    var statesNotRecorded = 0
    var firstSeq: UInt64?, lastSeq: UInt64?
    /// Values cut by capture limits, and the first record holding one.
    var truncatedValues = 0
    var firstTruncated: (kind: String, seq: UInt64)?
    /// Whether the app ended its session (a `session ended` record): a trace without one is
    /// of an app that was killed, lost its listener for good, or is still running.
    var sessionEnded = false

    mutating func count(_ record: Record) {
        total += 1
        let truncated = record.truncatedValueCount
        if truncated > 0 {
            truncatedValues += truncated
            if firstTruncated == nil { firstTruncated = Self.kindAndSeq(record) }
        }
        switch record {
        case let .action(action):
            actions += 1
            firstSeq = min(firstSeq ?? action.seq, action.seq)
            lastSeq = max(lastSeq ?? action.seq, action.seq)
        case .patch: patches += 1
        case .keyframe: keyframes += 1
        case .stateNotRecorded: statesNotRecorded += 1
        case .effectStarted, .effectEmitted, .effectEnded: effects += 1
        case .log: logs += 1
        case let .dropped(record): dropped = dropped.addingSaturated(record.count)
        case .sessionEnded: sessionEnded = true
        }
    }

    /// Where a record holding values sits: `("action", seq)`, `("patch", seq)`, `("keyframe", seq)`.
    private static func kindAndSeq(_ record: Record) -> (kind: String, seq: UInt64)? {
        switch record {
        case let .action(action): ("action", action.seq)
        case let .patch(patch): ("patch", patch.seq)
        case let .keyframe(keyframe): ("keyframe", keyframe.seq)
        case .effectStarted, .effectEmitted, .effectEnded, .log, .dropped, .sessionEnded, .stateNotRecorded: nil
        }
    }

    /// `N values cut by capture limits, first in action #5, …`, or `nil` when none was.
    var truncationText: String? {
        guard truncatedValues > 0 else { return nil }
        let values = truncatedValues == 1 ? "1 value" : "\(truncatedValues) values"
        let first = firstTruncated.map { ", first in \($0.kind) #\($0.seq)" } ?? ""
        return "\(values) cut by capture limits\(first), shown as <truncated …>"
    }

    var seqRangeText: String {
        guard let first = firstSeq, let last = lastSeq else { return "" }
        return ", #\(first)…#\(last)"
    }

    func writeJSON(to json: inout JSONWriter) {
        json.field("records", UInt64(total))
        json.field("actions", UInt64(actions))
        json.field("patches", UInt64(patches))
        json.field("keyframes", UInt64(keyframes))
        json.field("effectEvents", UInt64(effects))
        json.field("logs", UInt64(logs))
        json.field("dropped", dropped)
        json.field("statesNotRecorded", UInt64(statesNotRecorded))
    }
}
