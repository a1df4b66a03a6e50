import TraceFormat

/// What the app hands the recorder's worker. Building one is O(1) and allocates nothing for
/// an action: no capture, diff or I/O.
enum RecorderEvent: Sendable {
    /// The next action of a store, waiting in that store's inbox.
    case action(ActionToken)
    /// A store joined the session with its initial state.
    case storeRegistered(any ActionSource, seq: UInt64)
    /// A store's recorder was released: after its queued actions, the worker forgets it.
    case storeReleased(any ActionSource)
    /// A fully formed record (effect lifetimes, logs), written as is. Boxed, so that the
    /// events array stays small for the common case, actions.
    indirect case record(Record)
    /// Actions were dropped before this point.
    case dropped(DroppedRun)
    /// Work queued in order with the actions (a state a listener installed).
    case job(WorkerJob)
    /// Write everything so far, then signal.
    case flush(Completion)
    /// Write everything, end the session, close the sink, stop the worker, then signal.
    case close(Completion)
}
