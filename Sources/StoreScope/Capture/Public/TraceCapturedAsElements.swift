/// A collection type that is recorded as the array of its elements, in order, as an `Array` is:
/// captured, redacted and diffed element by element under the recorder's options, whatever the
/// type stores beside them (ids, indexes, a dependency). `Identifiable` elements are matched by
/// id, as an `Array`'s are: moving one is one `move`, removing some is one `remove` each.
///
/// Without this conformance a struct is captured by reflection, which records its stored
/// properties. For a collection whose stored properties are bookkeeping, that is the wrong
/// picture: TCA's `StackState` stores its screens in a dictionary keyed by generated ids, next to
/// a `@Dependency` that generates them, while its screens are what the app shows and what its
/// `Codable` encodes. `StoreScopeTCA` conforms `StackState` and `IdentifiedArray` to it; conform
/// any such type:
///
/// ```swift
/// extension Playlist: TraceCapturedAsElements {}  // Playlist: RandomAccessCollection of Track
/// ```
///
/// A type that decodes from an unkeyed container of its elements (as `StackState` and every
/// `Codable` collection do) decodes from the recorded array with ``TraceValueDecoder``.
public protocol TraceCapturedAsElements: Sequence {
    /// The elements, in order, as the recorder captures and diffs them.
    ///
    /// The default copies them into a new array. A type that keeps its elements in an array
    /// returns that array: sharing its storage, an unchanged collection is found unchanged
    /// without reading an element, and a changed one is compared without copying its elements
    /// first, as an `Array` held in the state is.
    ///
    /// ```swift
    /// extension Playlist: TraceCapturedAsElements {
    ///     var recordedElements: [Track] { tracks }  // the array Playlist stores
    /// }
    /// ```
    var recordedElements: [Element] { get }
}

extension TraceCapturedAsElements {
    /// The elements, in order, in a new array.
    public var recordedElements: [Element] { Array(self) }
}
