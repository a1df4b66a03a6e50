import Foundation

/// A type with a built-in leaf representation. Conformances cover the standard library's
/// numbers, `Bool`, strings and characters, and Foundation's `Date`, `Data`, `URL`, `UUID` and
/// `Decimal`. One dynamic cast to this protocol replaces a chain of `as?` casts.
protocol _CapturedScalar {
    /// The leaf node for this value.
    var _capturedScalar: TraceValue { get }
    /// The leaf node for this value under a redaction rule: ``_capturedScalar`` for every
    /// scalar but `URL`, whose matching query items are hidden.
    func _capturedScalar(redacting redaction: Redaction) -> TraceValue
    /// Whether two values whose bytes differ always have different leaves (integers and
    /// `Bool`): then a diff that saw the bytes differ needs only the new leaf. Not floating
    /// point (a `Float`'s NaNs), strings (equal text in other storage) or Foundation's values.
    static var _leafFollowsBytes: Bool { get }
}

extension _CapturedScalar {
    /// ``_capturedScalar``: names play no part in most leaves.
    func _capturedScalar(redacting _: Redaction) -> TraceValue { _capturedScalar }
    static var _leafFollowsBytes: Bool { false }
}

/// The scalars whose leaf is their bits (see ``_CapturedScalar/_leafFollowsBytes``).
protocol _BitwiseCapturedScalar: _CapturedScalar {}

extension _BitwiseCapturedScalar {
    static var _leafFollowsBytes: Bool { true }
}

extension Int: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .int(Int64(self)) } }
extension Int8: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .int(Int64(self)) } }
extension Int16: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .int(Int64(self)) } }
extension Int32: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .int(Int64(self)) } }
extension Int64: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .int(self) } }
extension UInt: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .uint(UInt64(self)) } }
extension UInt8: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .uint(UInt64(self)) } }
extension UInt16: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .uint(UInt64(self)) } }
extension UInt32: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .uint(UInt64(self)) } }
extension UInt64: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .uint(self) } }

// Int128 and UInt128 exist from Swift 6.0's runtime on (iOS 18), above the package's floor.
@available(macOS 15.0, iOS 18.0, macCatalyst 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension Int128: _CapturedScalar {
    /// `.int` when it fits in 64 bits, otherwise its decimal text as a `.scalar`.
    var _capturedScalar: TraceValue {
        Int64(exactly: self).map(TraceValue.int) ?? .scalar(type: "Int128", text: String(self))
    }
}

@available(macOS 15.0, iOS 18.0, macCatalyst 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension UInt128: _CapturedScalar {
    /// `.uint` when it fits in 64 bits, otherwise its decimal text as a `.scalar`.
    var _capturedScalar: TraceValue {
        UInt64(exactly: self).map(TraceValue.uint) ?? .scalar(type: "UInt128", text: String(self))
    }
}

extension Double: _CapturedScalar { var _capturedScalar: TraceValue { .double(self) } }
extension Float: _CapturedScalar { var _capturedScalar: TraceValue { .double(Double(self)) } }
#if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
extension Float16: _CapturedScalar { var _capturedScalar: TraceValue { .double(Double(self)) } }
#endif
#if (arch(i386) || arch(x86_64)) && !os(Windows) && !os(Android)
extension Float80: _CapturedScalar { var _capturedScalar: TraceValue { .double(Double(self)) } }
#endif
extension CGFloat: _CapturedScalar { var _capturedScalar: TraceValue { .double(Double(self)) } }

extension Bool: _BitwiseCapturedScalar { var _capturedScalar: TraceValue { .bool(self) } }
extension String: _CapturedScalar { var _capturedScalar: TraceValue { .string(self) } }
extension Substring: _CapturedScalar { var _capturedScalar: TraceValue { .string(String(self)) } }
extension Character: _CapturedScalar { var _capturedScalar: TraceValue { .scalar(type: "Character", text: String(self)) } }
extension Unicode.Scalar: _CapturedScalar { var _capturedScalar: TraceValue { .scalar(type: "Unicode.Scalar", text: String(self)) } }

extension Date: _CapturedScalar { var _capturedScalar: TraceValue { .date(timeIntervalSince1970) } }
extension Data: _CapturedScalar { var _capturedScalar: TraceValue { .data([UInt8](self)) } }
extension URL: _CapturedScalar {
    var _capturedScalar: TraceValue { .scalar(type: "URL", text: absoluteString) }
    /// Its text, with the values of query and fragment items whose names the rule matches
    /// replaced (see ``Redaction/redactingURL(_:)``).
    func _capturedScalar(redacting redaction: Redaction) -> TraceValue {
        .scalar(type: "URL", text: redaction.redactingURL(absoluteString))
    }
}
extension UUID: _CapturedScalar { var _capturedScalar: TraceValue { .scalar(type: "UUID", text: uuidString) } }
extension Decimal: _CapturedScalar { var _capturedScalar: TraceValue { .scalar(type: "Decimal", text: description) } }
