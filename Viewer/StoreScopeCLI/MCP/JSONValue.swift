import TraceAnalysis

/// A JSON value as `storescope mcp` reads it from a client: requests and tool arguments.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without a fraction or exponent that fits 64 bits (request ids, seqs).
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object (`nil` for anything else).
    subscript(key: String) -> JSONValue? {
        if case let .object(members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    var object: [String: JSONValue]? {
        if case let .object(members) = self { return members }
        return nil
    }

    /// What the value is, for an error message: "a string", "an object".
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Writes the value back, as it was read (an integer stays an integer).
    func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case let .bool(value): json.bool(value)
        case let .integer(value): json.number(value)
        case let .number(value): json.number(value)
        case let .string(value): json.string(value)
        case let .array(elements):
            json.beginArray()
            for element in elements { element.write(to: &json) }
            json.endArray()
        case let .object(members):
            json.beginObject()
            for key in members.keys.sorted() {
                json.key(key)
                members[key]!.write(to: &json)
            }
            json.endObject()
        }
    }
}

extension JSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
