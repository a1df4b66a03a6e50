extension TraceValue: CustomStringConvertible {
    /// A one-line Swift-like rendering, e.g. `User(id: 1, name: "Ada")` or `.loaded([3 elements])`.
    public var description: String {
        var output = ""
        write(to: &output, depthLeft: 6)
        return output
    }

    /// A short rendering for paths and summaries: scalars in full, composites abbreviated.
    public var shortDescription: String {
        var output = ""
        write(to: &output, depthLeft: 1)
        return output
    }

    /// How a class instance recorded by identity only reads everywhere a value is printed
    /// (`cat`, `log`, `diff`, the viewer's timeline and tree): `Preferences (reference #1)`.
    /// Its contents were never read, so nothing follows that could pass for hidden fields (an
    /// `.object`, read in full, prints as `Badge#2(title: "gold")`).
    static func referenceText(type: String, id: UInt64) -> String {
        "\(type) (reference #\(id))"
    }

    /// ``description`` with an enum case at the root prefixed by its type
    /// (`SearchAction.search(query: "sw")`), for places where `.search(...)` alone would be
    /// ambiguous, such as an action on its own line.
    public var qualifiedDescription: String {
        guard case let .enumeration(type, _, _) = self else { return description }
        return type + description
    }

    /// At most this many fields, elements or entries of one container are written; the rest
    /// are counted (`…, 1999900 more`). A line stays a line whatever the trace holds: a
    /// 2M-element array once made each `blame` line of the root 12 MB.
    static let inlineItems = 100
    /// Past this many bytes of output, containers are no longer opened (`…`).
    static let inlineBytes = 16_384

    /// Whether the `index`th item of a container of `count` may still be written; writes the
    /// `…, N more` that ends the container when not.
    private static func mayWrite(_ index: Int, of count: Int, to output: inout String) -> Bool {
        guard index >= inlineItems || (index > 0 && output.utf8.count > inlineBytes) else { return true }
        output += ", … \(count - index) more"
        return false
    }

    private func write(to output: inout String, depthLeft: Int) {
        func fields(_ fields: [Field]) {
            guard depthLeft > 0 else { output += fields.isEmpty ? "" : "…"; return }
            for (i, field) in fields.enumerated() {
                guard Self.mayWrite(i, of: fields.count, to: &output) else { return }
                if i > 0 { output += ", " }
                if !field.name.isEmpty && !field.name.isTupleIndex { output += field.name + ": " }
                field.value.write(to: &output, depthLeft: depthLeft - 1)
            }
        }
        func elements(_ values: [TraceValue]) {
            guard depthLeft > 0 else { output += values.isEmpty ? "" : values.count == 1 ? "1 element" : "\(values.count) elements"; return }
            for (i, value) in values.enumerated() {
                guard Self.mayWrite(i, of: values.count, to: &output) else { return }
                if i > 0 { output += ", " }
                value.write(to: &output, depthLeft: depthLeft - 1)
            }
        }
        switch self {
        case let .structure(type, f) where type == Self.tupleTypeName:
            output += "("
            fields(f)
            output += ")"
        case let .structure(type, f):
            output += type + "("
            fields(f)
            output += ")"
        case let .object(type, id, f):
            output += type + "#\(id)("
            fields(f)
            output += ")"
        case let .reference(type, id):
            output += Self.referenceText(type: type, id: id)
        case let .enumeration(_, caseName, payload):
            output += "." + caseName
            if !payload.isEmpty {
                output += "("
                fields(payload)
                output += ")"
            }
        case .none:
            output += "nil"
        case let .some(wrapped):
            wrapped.write(to: &output, depthLeft: depthLeft)
        case let .array(values):
            output += "["
            elements(values)
            output += "]"
        case let .set(values):
            output += "Set(["
            elements(values)
            output += "])"
        case let .dictionary(entries):
            if entries.isEmpty { output += "[:]"; return }
            output += "["
            if depthLeft > 0 {
                for (i, entry) in entries.enumerated() {
                    guard Self.mayWrite(i, of: entries.count, to: &output) else { break }
                    if i > 0 { output += ", " }
                    entry.key.write(to: &output, depthLeft: depthLeft - 1)
                    output += ": "
                    entry.value.write(to: &output, depthLeft: depthLeft - 1)
                }
            } else {
                output += entries.count == 1 ? "1 entry" : "\(entries.count) entries"
            }
            output += "]"
        case let .string(string):
            output += quoted(string)
        case let .int(value):
            output += String(value)
        case let .uint(value):
            output += String(value)
        case let .double(value):
            output += Self.literal(value)
        case let .bool(value):
            output += value ? "true" : "false"
        case let .date(seconds):
            output += Self.iso8601(seconds)
        case let .data(bytes):
            output += "Data(\(bytes.count) bytes)"
        case let .scalar(type, _) where Self.isFunctionType(type):
            output += "<closure>"
        case let .scalar(type, text):
            output += "\(type)(\(quoted(text)))"
        case let .redacted(type):
            output += "<redacted \(type)>"
        case let .truncated(truncation):
            output += "<truncated by \(truncation.reason) limit: \(truncation.type)"
            if truncation.omitted > 0 { output += ", \(truncation.omitted) omitted" }
            output += ">"
        }
    }

    /// `1.5`, `1e-05`, `-inf`; a NaN with its sign and payload (`-nan`, `snan`, `nan(0x5)`),
    /// which `description` drops: every double prints as text that reads back to the bit.
    static func literal(_ value: Double) -> String {
        value.isNaN ? value.debugDescription : String(value)
    }

    private func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
