extension Record {
    /// The record's monotonic time in nanoseconds, for the kinds that carry one; `nil` for
    /// patches, keyframes and states not recorded, which take the time of the action they follow.
    public var monotonicNanos: UInt64? {
        switch self {
        case let .action(action): action.monotonicNanos
        case let .effectStarted(started): started.monotonicNanos
        case let .effectEmitted(emitted): emitted.monotonicNanos
        case let .effectEnded(ended): ended.monotonicNanos
        case let .log(log): log.monotonicNanos
        case let .dropped(dropped): dropped.monotonicNanos
        case let .sessionEnded(ended): ended.monotonicNanos
        case .patch, .keyframe, .stateNotRecorded: nil
        }
    }
}
