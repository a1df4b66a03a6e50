/// A collection type that is recorded as the array of its elements, in order, as an `Array` is:
/// captured, redacted and diffed element by element under the recorder's options, whatever the
/// type stores beside them (ids, indexes, a dependency).
///
/// Without this conformance a struct is captured by reflection, which records its stored
/// properties. For a collection whose stored properties are bookkeeping, that is the wrong
/// picture: TCA's `StackState` stores its screens in a dictionary keyed by generated ids, next to
/// a `@Dependency` that generates them, while its screens are what the app shows and what its
/// `Codable` encodes. `StoreScopeTCA` conforms `StackState` to it; conform any such type:
///
/// ```swift
/// extension Playlist: TraceCapturedAsElements {}  // Playlist: RandomAccessCollection of Track
/// ```
///
/// A type that decodes from an unkeyed container of its elements (as `StackState` and every
/// `Codable` collection do) decodes from the recorded array with ``TraceValueDecoder``.
public protocol TraceCapturedAsElements: Sequence {}

extension TraceCapturedAsElements {
    /// The elements, in order, as the recorder captures and diffs them.
    var _recordedElements: [Element] { Array(self) }
}
