/// A type that gives its own value-tree representation instead of being reflected.
///
/// This is the fastest capture path and the way to hide internals or present a type more
/// usefully (an identifier as a `.scalar`, a large buffer as a summary). The differ compares two
/// values of such a type by `==` when it is `Equatable`, and otherwise by their trees.
///
/// ```swift
/// extension UserID: TraceValueConvertible {
///     var traceValue: TraceValue { .scalar(type: "UserID", text: rawValue) }
/// }
/// ```
public protocol TraceValueConvertible {
    /// The tree recorded for this value. It is used as is: capture limits do not apply inside it.
    var traceValue: TraceValue { get }
}

/// An `Encodable` type that opts in to being captured through its `encode(to:)`, by an encoder
/// that builds the value tree directly (no JSON text in between).
///
/// Without this conformance a value is captured by reflection (`Mirror`), which sees stored
/// properties; with it, the tree shows what `Encodable` says: keyed containers become
/// structures, unkeyed containers arrays, dictionaries and sets stay dictionaries and sets.
/// Nil optionals that `encodeIfPresent` skips do not appear. Field-name redaction applies to
/// coding keys; ``Redacted`` and ``TraceValueConvertible`` values inside are honoured.
/// If encoding throws, the value is captured by reflection instead.
public protocol TraceCapturedByEncoding: Encodable {}
