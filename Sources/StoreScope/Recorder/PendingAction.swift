/// An action between ``StoreRecorder/willSend(_:from:fileID:line:)`` and
/// ``StoreRecorder/didReduce(_:state:)``: its sequence number and the times taken before the
/// reducer ran.
public struct PendingAction<Action: Sendable>: Sendable {
    /// The action's sequence number in the session; effects it starts name it as their parent.
    public let seq: UInt64
    let action: Action
    let monotonicNanos: UInt64
    let wallNanos: Int64
    let effectID: UInt64?
    let location: SourceLocation?
}
