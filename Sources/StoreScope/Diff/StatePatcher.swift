import TraceFormat

/// Finds the patches between one store's consecutive states, as
/// ``capturePatch(from:to:options:)`` does, keeping its buffers from one patch to the next:
/// what the recorder's worker runs for every recorded action.
///
/// The operations array, the path of the node being compared and the state type's traits are
/// kept: a fresh differ allocated and freed the first two for every patch and looked the traits
/// up in the shared table (together about 380 of a scalar-only change's 2,000 instructions).
package struct StatePatcher {
    private var differ: StateDiffer
    /// The traits of the state type the latest patch was found for.
    private var rootTraits: TypeTraits?

    /// A patcher for states captured with `options` (the keyframes' options).
    package init(options: CaptureOptions) {
        differ = StateDiffer(options: options)
    }

    /// The patch that turns the capture of `old` into the capture of `new`: the same
    /// operations ``capturePatch(from:to:options:)`` returns. The array's buffer is reused by
    /// the next call when the caller no longer holds it by then.
    package mutating func patch<State>(from old: State, to new: State) -> [PatchOperation] {
        differ.operations.removeAll(keepingCapacity: true)
        differ.path.removeAll(keepingCapacity: true)
        let traits: TypeTraits
        if let rootTraits, rootTraits.type == State.self {
            traits = rootTraits
        } else {
            traits = TypeTraits.of(type: State.self)
            rootTraits = traits
        }
        differ.diff(root: old, new, traits: traits)
        return differ.operations
    }
}
