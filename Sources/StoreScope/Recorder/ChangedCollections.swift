import TraceFormat

/// Which parts of the state a patch changed inside collections.
///
/// Found for every recorded patch, so it allocates at most one small array: a `Set` cost the
/// worker about 3k instructions per patch (two hashes of each field name, an allocation and a
/// resize, and hashing again to compare with the previous patch's fields).
struct ChangedCollections {
    /// Whether any operation reaches into, or replaces, an array, dictionary or set.
    var touchesCollections = false
    /// The first path step of such operations, each once, in the order first met (`nil` means
    /// the whole state).
    var topLevelFields: [String]? = []

    init(_ operations: [PatchOperation]) {
        for operation in operations {
            let path = operation.path
            let intoCollection: Bool
            switch operation {
            case .insert, .remove, .move: intoCollection = true
            case let .set(_, value):
                intoCollection = path.contains { if case .field = $0 { false } else { true } } || value.isCollection
            }
            guard intoCollection else { continue }
            touchesCollections = true
            if case let .field(name)? = path.first {
                if topLevelFields?.contains(name) == false { topLevelFields?.append(name) }
            } else {
                topLevelFields = nil
            }
        }
    }

    /// Whether `fields` names the same top-level fields as `other`, in any order.
    static func sameFields(_ fields: [String]?, _ other: [String]?) -> Bool {
        guard let fields, let other else { return fields == nil && other == nil }
        return fields.count == other.count && fields.allSatisfy(other.contains)
    }
}

extension TraceValue {
    var isCollection: Bool {
        switch self {
        case .array, .dictionary, .set: true
        default: false
        }
    }
}
