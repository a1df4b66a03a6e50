/// A keyframe a reader of actions left out of a chunk's records because its state is large
/// (``TraceReader/recordsForActions(in:leavingOutKeyframesOver:)``): checked as fully as any
/// record, never built. What the reader needs of it without the state: whose state, after
/// which action, how large, and where it stood among the records.
package struct LeftOutKeyframe: Sendable, Hashable {
    /// The action the keyframe follows.
    package var seq: UInt64
    /// The store whose state it is.
    package var store: String
    /// The state's value nodes.
    package var nodes: Int
    /// Its encoded bytes in the chunk's payload.
    package var bytes: Int
    /// How many of the returned records came before it in the chunk.
    package var position: Int
}
