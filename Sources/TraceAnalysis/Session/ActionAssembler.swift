import TraceFormat

/// Groups records read in file order into ``ActionEntry`` values: an action, then its patch
/// or keyframe and the events (effects, logs, drops, the session's end) up to the next action.
///
/// A chunk read with its large keyframes left out (``TraceSession/actionRecords(ofChunk:)``)
/// starts with ``startChunk(leavingOut:)``: each left-out keyframe is noted on the action it
/// follows, as the keyframe itself would have been taken in where it stood.
struct ActionAssembler {
    let startMonotonicNanos: UInt64
    private(set) var pending: ActionEntry?
    /// The current chunk's left-out keyframes, and how many of its records were taken in.
    private var leftOut = LeftOutKeyframes([])
    private var position = 0

    init(startMonotonicNanos: UInt64) {
        self.startMonotonicNanos = startMonotonicNanos
    }

    /// Starts the records of the next chunk, of which a read left `keyframes` out.
    mutating func startChunk(leavingOut keyframes: LeftOutKeyframes) {
        noteLeftOutKeyframes()
        leftOut = keyframes
        position = 0
    }

    /// Takes one record; returns the previous entry when `record` starts the next one.
    mutating func add(_ record: Record) -> ActionEntry? {
        noteLeftOutKeyframes()
        position += 1
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

    /// The last entry, once no record follows (or damage interrupts the stream, or a reader
    /// stops before the next record).
    mutating func finish() -> ActionEntry? {
        noteLeftOutKeyframes()
        defer { pending = nil }
        return pending
    }

    /// Takes the left-out keyframes that stood before the next record: the pending action's
    /// is noted on it.
    private mutating func noteLeftOutKeyframes() {
        while let keyframe = leftOut.next(before: position) {
            if keyframe.seq == pending?.seq, keyframe.store == pending?.action.store { pending = pending?.withKeyframeLeftOut() }
        }
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
