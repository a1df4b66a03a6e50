import TraceFormat

/// Groups records read in file order into ``ActionEntry`` values: an action, then its patch
/// or keyframe and the events (effects, logs, drops, the session's end) up to the next action.
struct ActionAssembler {
    let startMonotonicNanos: UInt64
    private(set) var pending: ActionEntry?

    init(startMonotonicNanos: UInt64) {
        self.startMonotonicNanos = startMonotonicNanos
    }

    /// Takes one record; returns the previous entry when `record` starts the next one.
    mutating func add(_ record: Record) -> ActionEntry? {
        switch record {
        case let .action(action):
            let finished = pending
            let since = action.monotonicNanos > startMonotonicNanos ? action.monotonicNanos - startMonotonicNanos : 0
            pending = ActionEntry(action: action, sinceStart: since)
            return finished
        case let .patch(patch) where patch.seq == pending?.seq && patch.store == pending?.action.store:
            pending?.operations += patch.operations
        case let .keyframe(keyframe) where keyframe.seq == pending?.seq && keyframe.store == pending?.action.store:
            pending?.keyframe = keyframe.state
        case .patch, .keyframe:
            // Another store's state, not something this action did: a keyframe the recorder
            // wrote of a store whose latest action came earlier (FORMAT.md §10).
            break
        default:
            pending?.events.append(record)
        }
        return nil
    }

    /// Takes the keyframes a read of chunk records left out (``TraceSession/actionRecords(ofChunk:)``)
    /// that stood before the record at `position`: the pending action's is noted on it.
    mutating func leaveOut(_ leftOut: inout LeftOutKeyframes, before position: Int) {
        while let keyframe = leftOut.next(before: position) {
            if keyframe.seq == pending?.seq, keyframe.store == pending?.action.store { pending = pending?.withKeyframeLeftOut() }
        }
    }

    /// The last entry, once no record follows (or damage interrupts the stream).
    mutating func finish() -> ActionEntry? {
        defer { pending = nil }
        return pending
    }
}

/// The keyframes a read of a chunk left out, taken in order of where they stood.
struct LeftOutKeyframes {
    private let keyframes: [LeftOutKeyframe]
    private var next = 0

    init(_ keyframes: [LeftOutKeyframe]) {
        self.keyframes = keyframes
    }

    /// The next keyframe that stood before the record at `position`, if any.
    mutating func next(before position: Int) -> LeftOutKeyframe? {
        guard next < keyframes.count, keyframes[next].position <= position else { return nil }
        defer { next += 1 }
        return keyframes[next]
    }
}
