// TCA's collections, recorded as their elements (see `TraceCapturedAsElements`). Compiled only
// with the package trait "TCA", as the rest of this target.
#if TCA
import ComposableArchitecture
import StoreScope

/// A navigation stack is recorded as its screens, in order, as TCA's `Codable` and its
/// `customDump` show it; its storage (the screens keyed by generated ids) and the `@Dependency`
/// that generates the ids are bookkeeping, and decodes back through `StackState: Decodable`.
extension StackState: TraceCapturedAsElements {}

/// An identified array is recorded as its elements, in order, as its `Codable` and `customDump`
/// show them, and diffed as an array of them: `Identifiable` elements are matched by id, so
/// moving one is one `move` and removing some is one `remove` each, as TCA's own diff shows.
extension IdentifiedArray: TraceCapturedAsElements {
    /// The array the identified array stores its elements in, shared, not copied: an unchanged
    /// one costs nothing to compare, a changed one no copy, as an `Array` in the state.
    public var recordedElements: [Element] { elements }
}
#endif
