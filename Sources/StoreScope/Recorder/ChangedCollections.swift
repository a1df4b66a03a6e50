import TraceFormat

/// Which parts of the state a patch changed inside collections.
struct ChangedCollections {
    /// Whether any operation reaches into, or replaces, an array, dictionary or set.
    var touchesCollections = false
    /// The first path step of such operations (`nil` means the whole state).
    var topLevelFields: Set<String>? = []

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
                topLevelFields?.insert(name)
            } else {
                topLevelFields = nil
            }
        }
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
