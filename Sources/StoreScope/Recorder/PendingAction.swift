/// An action between ``StoreRecorder/willSend(_:from:fileID:line:)`` and
/// ``StoreRecorder/didReduce(_:state:)``: its sequence number and the ticks read before the
/// reducer ran.
public struct PendingAction<Action: Sendable>: Sendable {
    /// The action's sequence number in the session; effects it starts name it as their parent.
    public let seq: UInt64
    @usableFromInline let action: Action
    /// When it was sent, in the store thread's ticks (``TickSource``; the worker converts them).
    @usableFromInline let sentTicks: UInt64
    @usableFromInline let effectID: UInt64?
    /// Where the action was sent from, kept as the compiler's static string: turning it into a
    /// `String` is left to the worker.
    @usableFromInline let fileID: StaticString?
    @usableFromInline let line: UInt

    @inlinable
    init(seq: UInt64, action: Action, sentTicks: UInt64, effectID: UInt64?, fileID: StaticString?, line: UInt) {
        self.seq = seq
        self.action = action
        self.sentTicks = sentTicks
        self.effectID = effectID
        self.fileID = fileID
        self.line = line
    }
}
