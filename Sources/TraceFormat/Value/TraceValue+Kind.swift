extension TraceValue {
    /// The node kind, which is also the tag byte of the node in the binary encoding.
    public enum Kind: UInt8, Sendable, CaseIterable {
        case structure = 0x01
        case object = 0x02
        case reference = 0x03
        case enumeration = 0x04
        case none = 0x05
        case some = 0x06
        case array = 0x07
        case dictionary = 0x08
        case set = 0x09
        case string = 0x0A
        case int = 0x0B
        case uint = 0x0C
        case double = 0x0D
        case boolFalse = 0x0E
        case boolTrue = 0x0F
        case date = 0x10
        case data = 0x11
        case scalar = 0x12
        case redacted = 0x13
        case truncated = 0x14
    }

    /// The kind of this node.
    public var kind: Kind {
        switch self {
        case .structure: .structure
        case .object: .object
        case .reference: .reference
        case .enumeration: .enumeration
        case .none: .none
        case .some: .some
        case .array: .array
        case .dictionary: .dictionary
        case .set: .set
        case .string: .string
        case .int: .int
        case .uint: .uint
        case .double: .double
        case let .bool(value): value ? .boolTrue : .boolFalse
        case .date: .date
        case .data: .data
        case .scalar: .scalar
        case .redacted: .redacted
        case .truncated: .truncated
        }
    }

    /// The type name carried by the node, or a generic name for kinds that carry none.
    public var typeName: String {
        switch self {
        case let .structure(type, _), let .object(type, _, _), let .reference(type, _),
            let .enumeration(type, _, _), let .none(type), let .scalar(type, _),
            let .redacted(type):
            type
        case let .some(wrapped): wrapped.typeName
        case .array: "Array"
        case .dictionary: "Dictionary"
        case .set: "Set"
        case .string: "String"
        case .int: "Int"
        case .uint: "UInt"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .data: "Data"
        case let .truncated(truncation): truncation.type
        }
    }
}
