/// Renders records as single lines of text for `storescope cat` and live tails, with times
/// relative to the session start. Every string from the trace is sanitized for the terminal.
public struct RecordLine: Sendable {
    /// The session's monotonic start, subtracted from record times.
    public var startMonotonicNanos: UInt64

    /// Creates a renderer for a session that started at `startMonotonicNanos`.
    public init(startMonotonicNanos: UInt64) {
        self.startMonotonicNanos = startMonotonicNanos
    }

    /// One line describing `record`.
    public func text(_ record: Record) -> String {
        let line: String
        switch record {
        case let .action(action):
            var text = "\(time(action.monotonicNanos)) #\(action.seq) \(action.store) action \(action.action.qualifiedDescription)"
            text += " (reducer \(Self.duration(action.reducerNanos)))"
            if let effect = action.effectID { text += " from effect \(effect)" }
            if let location = action.location { text += " at \(location)" }
            line = text
        case let .patch(patch):
            let changes = patch.operations.map { Self.describe($0) }.joined(separator: "; ")
            line = "            #\(patch.seq) \(patch.store) patch \(changes.isEmpty ? "(no change)" : changes)"
        case let .keyframe(keyframe):
            line = "            #\(keyframe.seq) \(keyframe.store) keyframe \(keyframe.state.shortDescription)"
        case let .stateNotRecorded(notRecorded):
            line = "            #\(notRecorded.seq) \(notRecorded.store) state not recorded"
        case let .effectStarted(started):
            var text = "\(time(started.monotonicNanos)) effect \(started.effectID) started \"\(started.name)\" in \(started.store)"
            if let parent = started.parentSeq { text += " by #\(parent)" }
            if let location = started.location { text += " at \(location)" }
            line = text
        case let .effectEmitted(emitted):
            line = "\(time(emitted.monotonicNanos)) effect \(emitted.effectID) emitted #\(emitted.actionSeq)"
        case let .effectEnded(ended):
            let outcome: String
            switch ended.outcome {
            case .finished: outcome = "finished"
            case .cancelled: outcome = "cancelled"
            case let .failed(message): outcome = "failed: \(message)"
            }
            line = "\(time(ended.monotonicNanos)) effect \(ended.effectID) \(outcome)"
        case let .log(log):
            line = "\(time(log.monotonicNanos)) \(log.level) after #\(log.seq): \(log.message)"
        case let .dropped(dropped):
            line = "\(time(dropped.monotonicNanos)) DROPPED \(dropped.count) actions #\(dropped.firstSeq)…#\(dropped.lastSeq)"
        case let .sessionEnded(ended):
            line = "\(time(ended.monotonicNanos)) session ended"
        }
        return line.sanitizedForTerminal
    }

    /// `+1.234567s`, the time since the session start (``DurationText/offset(_:fractionDigits:)``).
    public func time(_ nanos: UInt64) -> String {
        DurationText.offset(Int64(bitPattern: nanos &- startMonotonicNanos), fractionDigits: 6)
    }

    /// A duration in the unit that keeps it short (``DurationText/text(_:)``).
    public static func duration(_ nanos: UInt64) -> String {
        DurationText.text(nanos)
    }

    /// `.path = value`, `.path inserted value`, `.path removed`, `.path moved to [i]`; with
    /// `state` (the state the operation's path is in), the path names the cases of the enums
    /// it passes through (`.path[0]/detail[0].title`).
    public static func describe(_ operation: PatchOperation, in state: TraceValue? = nil) -> String {
        let path = renderPath(operation.path, in: state)
        let shown = path.isEmpty ? "state" : path
        switch operation {
        case let .set(_, value): return "\(shown) = \(value.shortDescription)"
        case let .insert(_, value): return "\(shown) inserted \(value.shortDescription)"
        case .remove: return "\(shown) removed"
        case let .move(_, to): return "\(shown) moved to [\(to)]"
        }
    }
}
