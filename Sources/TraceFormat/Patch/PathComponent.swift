/// One step from a node of a ``TraceValue`` to one of its children.
public enum PathComponent: Sendable, Hashable {
    /// A named field of a struct or class, or a labeled associated value of an enum case.
    case field(String)
    /// A position in an array, or an unlabeled associated value of an enum case by position.
    case index(Int)
    /// The entry of a dictionary with this key, or the element of a set equal to this value.
    case key(TraceValue)
    /// The wrapped value of `Optional.some`.
    case some
}

extension PathComponent: CustomStringConvertible {
    /// The component as it appears in a rendered path: `.name`, `[3]`, `["key"]`, `?`.
    public var description: String {
        switch self {
        case let .field(name): ".\(name)"
        case let .index(index): "[\(index)]"
        case let .key(key): "[\(key.shortDescription)]"
        case .some: "?"
        }
    }
}

/// Renders a path such as `.users[3].name` (the root is the empty string).
package func renderPath(_ path: [PathComponent]) -> String {
    path.map(\.description).joined()
}
