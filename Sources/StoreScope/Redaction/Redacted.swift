/// A value that is always recorded as `.redacted`, whatever its field is called.
///
/// Wrap secrets in the state: `var card: Redacted<String>`. The app reads and writes
/// ``value`` as usual; StoreScope records only the wrapped type's name. `description`,
/// `debugDescription` and `Mirror` hide the value too, so logging and `dump` do not leak it.
/// `Codable` encodes the wrapped value itself (persistence keeps working), but the capture
/// encoder recognises the wrapper and redacts it.
@propertyWrapper
public struct Redacted<Value> {
    /// The secret.
    public var value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Wraps `wrappedValue` (property-wrapper form: `@Redacted var pin = "1234"`).
    public init(wrappedValue: Value) {
        self.value = wrappedValue
    }

    /// The secret (property-wrapper access).
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
}

extension Redacted: TraceValueConvertible {
    /// `.redacted(type:)` with the wrapped type's name.
    public var traceValue: TraceValue { .redacted(type: TypeNames.name(of: Value.self)) }
}

/// A ``Redacted`` value, for the capture that fills a jump's redacted values from the app's own
/// state (``CaptureOptions/revealsRedacted``): the one capture that opens it.
protocol RevealableRedaction {
    var revealed: Any { get }
}

extension Redacted: RevealableRedaction {
    var revealed: Any { value }
}

extension Redacted: Sendable where Value: Sendable {}
extension Redacted: Equatable where Value: Equatable {}
extension Redacted: Hashable where Value: Hashable {}

extension Redacted: Encodable where Value: Encodable {
    /// Encodes the wrapped value as a single value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Redacted: Decodable where Value: Decodable {
    /// Decodes the wrapped value from a single value.
    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Value.self)
    }
}

extension Redacted: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `<redacted>`.
    public var description: String { "<redacted>" }
    /// `Redacted<Value>(<redacted>)`.
    public var debugDescription: String { "Redacted<\(TypeNames.name(of: Value.self))>(<redacted>)" }
    /// A mirror without children, so reflection-based dumps do not show the value.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
