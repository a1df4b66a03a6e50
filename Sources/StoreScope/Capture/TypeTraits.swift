import Synchronization

/// Which capture path a type takes, found with dynamic casts once per type and cached.
///
/// A failing protocol cast costs a conformance-cache search (~100 ns); capture and diff would
/// otherwise try up to six per node. With the traits known, each node pays one lookup here and
/// only the cast that succeeds.
struct TypeTraits: Sendable {
    /// The first path of the capture order that applies.
    enum Path: Sendable {
        case optional, scalar, custom, collection, encoding, reflection
    }

    /// The capture path.
    var path: Path
    /// Whether the type is `Equatable` (its values can be pruned with `==`).
    var isEquatable: Bool

    private static let cache = Mutex<[ObjectIdentifier: TypeTraits]>([:])

    /// The traits of the dynamic type of `value`.
    static func of(_ value: Any) -> TypeTraits {
        let key = ObjectIdentifier(type(of: value))
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let path: Path =
            if value is any _CapturedOptional { .optional }
            else if value is any _CapturedScalar { .scalar }
            else if value is any TraceValueConvertible { .custom }
            else if value is any _CapturedCollection { .collection }
            else if value is any TraceCapturedByEncoding { .encoding }
            else { .reflection }
        // An optional held in `Any` would be looked through by the cast; optionals are
        // compared by their own path instead.
        let traits = TypeTraits(path: path, isEquatable: path != .optional && value is any Equatable)
        cache.withLock { $0[key] = traits }
        return traits
    }
}
