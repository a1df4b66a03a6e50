import Foundation

/// A Swift value as StoreScope records it: a tree of typed nodes that any reader can decode
/// without the app's types.
///
/// Every node kind has a fixed encoding described in docs/FORMAT.md. Dictionary entries and
/// set elements are kept in ``TraceValue/canonicalOrder(_:_:)`` of their keys so that the same
/// Swift value always produces the same tree, whatever the hash seed of the process.
public enum TraceValue: Sendable {
    /// A struct (or a tuple, with `type` `"(tuple)"`) and its stored fields in declaration order.
    case structure(type: String, fields: [Field])
    /// A class instance with its fields; `id` identifies the instance for the whole session.
    case object(type: String, id: UInt64, fields: [Field])
    /// A class instance by its identity only (`id`, as for ``object(type:id:fields:)``): its
    /// contents are not recorded (StoreScope never reads an instance that can change).
    case reference(type: String, id: UInt64)
    /// An enum case with its associated values (labels may be empty).
    case enumeration(type: String, caseName: String, payload: [Field])
    /// `Optional.none` of the wrapped type name.
    case none(type: String)
    /// `Optional.some`.
    indirect case some(TraceValue)
    /// An ordered collection.
    case array([TraceValue])
    /// A dictionary; entries are sorted by ``canonicalOrder(_:_:)`` of their keys.
    case dictionary([DictionaryEntry])
    /// A set; elements are sorted by ``canonicalOrder(_:_:)``.
    case set([TraceValue])
    /// A string.
    case string(String)
    /// A signed integer of any width.
    case int(Int64)
    /// An unsigned integer of any width.
    case uint(UInt64)
    /// A floating-point number of any width, including nan and the infinities.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// A point in time, in seconds since 1970-01-01 00:00:00 UTC.
    case date(Double)
    /// Raw bytes.
    case data([UInt8])
    /// A scalar the format has no own kind for (URL, UUID, Decimal, Character, ...): its type
    /// name and its canonical text.
    case scalar(type: String, text: String)
    /// A value removed by redaction before it left the app; only its type name is kept.
    case redacted(type: String)
    /// A subtree cut off by a capture limit.
    case truncated(Truncation)

    /// A named field of a struct, class or enum payload.
    public struct Field: Sendable, Hashable {
        /// The field name; empty for unlabeled associated values and tuple elements.
        public var name: String
        /// The field's value.
        public var value: TraceValue

        /// Creates a field.
        public init(_ name: String, _ value: TraceValue) {
            self.name = name
            self.value = value
        }
    }

    /// One key/value pair of a dictionary.
    public struct DictionaryEntry: Sendable, Hashable {
        /// The key, captured like any other value.
        public var key: TraceValue
        /// The value stored under the key.
        public var value: TraceValue

        /// Creates an entry.
        public init(key: TraceValue, value: TraceValue) {
            self.key = key
            self.value = value
        }
    }

    /// Why and where a subtree was cut off.
    public struct Truncation: Sendable, Hashable {
        /// The limit that was reached.
        public enum Reason: UInt8, Sendable, Hashable {
            /// The maximum nesting depth.
            case depth = 1
            /// The maximum number of nodes in one captured tree.
            case size = 2
            /// The maximum number of elements kept from one collection.
            case collection = 3
        }
        /// The limit that was reached.
        public var reason: Reason
        /// The type name of the value that was cut off.
        public var type: String
        /// How many elements or nodes were left out, when known (0 when unknown).
        public var omitted: UInt64

        /// Creates a truncation marker.
        public init(reason: Reason, type: String, omitted: UInt64 = 0) {
            self.reason = reason
            self.type = type
            self.omitted = omitted
        }
    }
}
