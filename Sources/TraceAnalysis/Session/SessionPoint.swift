/// A point in a session as users name it on a command line or in the viewer: an action's
/// sequence number (`42` or `#42`), `start` (the initial state), `end` (after the last
/// action), or a time since the session start with a unit (`1.5s`, `250ms`: the state after
/// the last action at or before it).
public enum SessionPoint: Sendable, Hashable, CustomStringConvertible {
    /// After the action with this sequence number.
    case seq(UInt64)
    /// Before any action.
    case start
    /// After the last action.
    case end
    /// After the last action at or before this many nanoseconds since the session start.
    case time(UInt64)

    /// Parses `text`; `nil` when it is none of the forms above.
    public init?(_ text: String) {
        let body = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if let seq = UInt64(body) {
            self = .seq(seq)
        } else if text == "end" {
            self = .end
        } else if text == "start" {
            self = .start
        } else if let nanos = DurationText.nanoseconds(text.hasPrefix("+") ? String(text.dropFirst()) : text) {
            self = .time(nanos)
        } else {
            return nil
        }
    }

    /// `#42`, `start`, `end`, `+1.5s`.
    public var description: String {
        switch self {
        case let .seq(seq): "#\(seq)"
        case .start: "start"
        case .end: "end"
        case let .time(nanos): "+\(RecordLine.duration(nanos))"
        }
    }
}

extension TraceSession {
    /// The sequence number of the action a point stands for (0 for `start`, or for a time
    /// before the first action).
    public func seq(at point: SessionPoint) -> UInt64 {
        switch point {
        case let .seq(seq): seq
        case .start: 0
        case .end: seqRange?.upperBound ?? 0
        case let .time(nanos): seq(atTime: nanos)
        }
    }
}
