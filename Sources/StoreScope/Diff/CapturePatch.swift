/// The patch that turns the capture of `old` into the capture of `new`.
///
/// For every pair of states, with the same `options`:
/// `var tree = captureValue(old); try tree.apply(capturePatch(from: old, to: new))` leaves
/// `tree == captureValue(new)`, redaction and depth and collection truncation included.
///
/// The cost follows the change, not the state: equal subtrees are pruned with `==`, arrays
/// that share storage are skipped in O(1), `Identifiable` elements of arrays and of collections
/// recorded as their elements are matched by id (an insertion at the front is one `insert`, not
/// a `set` per element; a reorder the fewest `move`s), and only changed structs and enums are
/// reflected.
///
/// A redacted value that changed is recorded as a `set` of its redacted node (the same node the
/// tree holds): a reader sees that it changed, never its value. A dictionary or set whose keys
/// cannot be told apart once captured (NaN keys, keys with redacted fields) is set whole.
///
/// Limitations, by design:
/// - Values that are `==` but capture differently (`0.0` and `-0.0` inside a struct, a custom
///   `==` that ignores a field) are treated as unchanged. A struct whose only changed fields are
///   arrays, dictionaries or sets is not asked: the collections compare themselves.
/// - Class instances are compared by identity: the same instance captures alike (an
///   immutable one cannot have changed; a mutable one is recorded by identity only), another
///   instance is captured where it now is.
/// - ``CaptureOptions/maximumNodes`` is a per-tree budget that depends on everything captured
///   before a node; patches are exact while the state stays under it.
///
/// - Parameters:
///   - old: the state before the action.
///   - new: the state after it.
///   - options: the options the keyframe was captured with.
/// - Returns: set, insert, remove and move operations, in the order they must be applied;
///   empty when nothing changed. The order does not depend on the hash seed.
public func capturePatch<T>(from old: T, to new: T, options: CaptureOptions = .default) -> [PatchOperation] {
    var differ = StateDiffer(options: options)
    differ.diff(root: old, new)
    return differ.operations
}
