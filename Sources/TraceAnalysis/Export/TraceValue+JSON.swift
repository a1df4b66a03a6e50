import Foundation

extension TraceValue {
    /// Writes the value as JSON that jq users can navigate: structs as objects with a `$type`
    /// member, enum cases as `{"$case": name, ...associated values}`, optionals as the value
    /// or `null`, dictionaries as objects (a non-string key as its JSON text),
    /// nan and infinities as strings. The mapping is specified in docs/FORMAT.md ("JSON export").
    public func writeJSON(to json: inout JSONWriter) {
        switch self {
        case let .structure(type, fields):
            json.beginObject()
            json.field("$type", type)
            Self.writeFields(fields, to: &json)
            json.endObject()
        case let .object(type, id, fields):
            json.beginObject()
            json.field("$type", type)
            json.field("$id", id)
            Self.writeFields(fields, to: &json)
            json.endObject()
        case let .reference(type, id):
            json.beginObject()
            json.field("$type", type)
            json.field("$ref", id)
            json.endObject()
        case let .enumeration(type, caseName, payload):
            json.beginObject()
            json.field("$type", type)
            json.field("$case", caseName)
            Self.writeFields(payload, to: &json)
            json.endObject()
        case .none:
            json.null()
        case let .some(wrapped):
            wrapped.writeJSON(to: &json)
        case let .array(elements), let .set(elements):
            json.beginArray()
            for element in elements { element.writeJSON(to: &json) }
            json.endArray()
        case let .dictionary(entries):
            // Always an object, so a dictionary has one shape whether empty or not: a string
            // key as itself, any other key as its JSON text (`"1"`, `"{\"$type\":...}"`).
            json.beginObject()
            for entry in entries {
                if case let .string(key) = entry.key { json.key(key) } else { json.key(entry.key.jsonText) }
                entry.value.writeJSON(to: &json)
            }
            json.endObject()
        case let .string(string):
            json.string(string)
        case let .int(value):
            json.number(value)
        case let .uint(value):
            json.number(value)
        case let .double(value):
            json.number(value)
        case let .bool(value):
            json.bool(value)
        case let .date(seconds):
            json.beginObject()
            json.key("$date")
            json.number(seconds)
            json.endObject()
        case let .data(bytes):
            json.beginObject()
            json.field("$data", Data(bytes).base64EncodedString())
            json.endObject()
        case let .scalar(type, text):
            json.beginObject()
            json.field("$type", type)
            json.field("$text", text)
            json.endObject()
        case let .redacted(type):
            json.beginObject()
            json.field("$redacted", type)
            json.endObject()
        case let .truncated(truncation):
            json.beginObject()
            json.field("$truncated", truncation.type)
            json.field("reason", "\(truncation.reason)")
            json.field("omitted", truncation.omitted)
            json.endObject()
        }
    }

    private static func writeFields(_ fields: [Field], to json: inout JSONWriter) {
        for (index, field) in fields.enumerated() {
            json.key(field.name.isEmpty ? "_\(index)" : field.name)
            field.value.writeJSON(to: &json)
        }
    }

    /// The value as one line of JSON.
    public var jsonText: String {
        var json = JSONWriter()
        writeJSON(to: &json)
        return json.text
    }
}
