/// Captures a Swift value as a `TraceValue` tree.
///
/// Structs, enums with their associated values, tuples (type `(tuple)`, unlabeled elements
/// named `0`, `1`, ...), optionals, arrays, dictionaries and sets (in canonical order, any
/// `Hashable` key), strings, every integer and floating-point type, `Bool`, `Date`, `Data`,
/// `URL`, `UUID`, `Decimal`, `Character`, Foundation's common types by their meaning, and class
/// instances with their process-wide id: `.object` with its fields when the class cannot change
/// (all stored properties `let`), otherwise `.reference`, whose contents are never read. Fields
/// holding metatypes are recorded from their declared type. Types name themselves by their short name
/// (`Array<User>`, no module prefix). ``TraceValueConvertible`` types give their own tree;
/// ``TraceCapturedByEncoding`` types are captured through `Encodable`; everything else is
/// reflected with `Mirror`. Redaction and the limits in `options` apply.
///
/// - Parameters:
///   - value: the value, typically a store's state or an action.
///   - options: limits and redaction; the default is ``CaptureOptions/default``.
/// - Returns: the tree. Capture never fails; what it cannot describe becomes a `.scalar` with
///   the value's description.
public func captureValue<T>(_ value: T, options: CaptureOptions = .default) -> TraceValue {
    var capturer = ValueCapturer(options: options)
    return capturer.capture(root: value)
}

/// Captures an `Encodable` value through an encoder that builds the tree directly (no JSON in
/// between).
///
/// ``captureValue(_:options:)`` takes this path by itself for types that conform to
/// ``TraceCapturedByEncoding``; call this to use it for any `Encodable` value.
///
/// - Parameters:
///   - value: the value to encode.
///   - options: limits and redaction (coding keys are matched like field names).
/// - Returns: the tree `Encodable` describes.
/// - Throws: whatever `value.encode(to:)` throws.
public func captureEncodable<T: Encodable>(_ value: T, options: CaptureOptions = .default) throws -> TraceValue {
    try TraceValueEncoder.box(value, options: options, depth: 0, codingPath: [])
}
