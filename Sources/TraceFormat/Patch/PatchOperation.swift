/// One change to a ``TraceValue`` tree. A patch is an array of operations applied in order;
/// each path refers to the tree as the previous operations left it.
public enum PatchOperation: Sendable, Hashable {
    /// Replaces the node at `path` (the whole tree when `path` is empty). On a dictionary key
    /// the entry is replaced or added; on an optional's `.some` step the optional becomes
    /// `.some(value)`.
    case set(path: [PathComponent], value: TraceValue)
    /// Inserts `value` into an array at the index that ends `path`, or adds `value` as an
    /// element to the set that `path` (ending in `.key(value)`) names.
    case insert(path: [PathComponent], value: TraceValue)
    /// Removes the array element, dictionary entry or set element that `path` names.
    case remove(path: [PathComponent])
    /// Moves the array element at the index that ends `path` to index `to` of the same array
    /// (`to` counts positions after the element was taken out).
    case move(path: [PathComponent], to: Int)

    /// The path the operation acts on.
    public var path: [PathComponent] {
        switch self {
        case let .set(path, _), let .insert(path, _), let .remove(path), let .move(path, _): path
        }
    }
}
