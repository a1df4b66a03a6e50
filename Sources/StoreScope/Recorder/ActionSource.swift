/// A store's inbox as the worker sees it, whatever the store's State and Action types.
@usableFromInline
protocol ActionSource: AnyObject, Sendable {
    /// The store's name in the trace.
    var name: String { get }
    /// Whether a listener paused the store's recording (``StoreTrack/pause()``).
    var isPaused: Bool { get }
    /// Writes the store's initial state as its first keyframe; `seq` is the session's last
    /// sequence number when the store registered.
    func register(seq: UInt64, in worker: RecorderWorker)
    /// Moves the state of the store's latest action, if in `lane` (just taken), where the
    /// store's next send can still let it go (``StateCoalescing``).
    func parkLatestState(lane: Int)
    /// Records the store's next queued action; returns the budget it held.
    func recordNextAction(in worker: RecorderWorker) -> Int
    /// Makes the store's next action write a keyframe (after drops).
    func forceKeyframe()
    /// Writes a keyframe of the store's latest recorded state now (a live stream resumed).
    func writeKeyframeNow(in worker: RecorderWorker)
    /// Writes a keyframe of the store's latest state if the trace has gone far since its last
    /// (see ``StoreTrack/writeKeyframeIfFarBehind(in:)``).
    func writeKeyframeIfFarBehind(in worker: RecorderWorker)
    /// Pauses the store's recording (``StoreTrack/pause()``).
    func pause()
    /// Records the store again; returns its actions not recorded while paused
    /// (``StoreTrack/resume(in:)``).
    func resume(in worker: RecorderWorker) -> DroppedRun?
    /// Writes a keyframe of the store's latest state after a `dropped` record of paused
    /// actions, if none of them was its own (``StoreTrack/writePausedKeyframe(in:)``).
    func writePausedKeyframe(in worker: RecorderWorker)
}
