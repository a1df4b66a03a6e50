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

/// Renders a path as ``renderPath(_:)`` does, naming the case of each enum it passes through
/// in `value` before the step into that case's associated values: `.path[0]/detail[0].title`
/// for the first element of `path` in case `detail`. Where `value` has no node on the way the
/// rest of the path is rendered without case names.
package func renderPath(_ path: [PathComponent], in value: TraceValue?) -> String {
    var text = ""
    var current = value
    for component in path {
        if case let .enumeration(_, caseName, _)? = current {
            switch component {
            case .field, .index: text += "/" + caseName
            case .key, .some: break
            }
        }
        text += component.description
        current = current?.child(component)
    }
    return text
}
