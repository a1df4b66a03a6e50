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

    /// The start of ``description`` (``shortDescription`` when `short`, with the root enum's
    /// type when `qualified`, as ``qualifiedDescription``), at most about `utf8Count` bytes of
    /// it, cut at a scalar and never inside an escape: what a line of a screen shows of a value
    /// costs that line, not a 1 MB string's length.
    ///
    /// - Returns: the text, and whether it is cut (then it is a prefix of the whole).
    package func descriptionStart(utf8Count limit: Int, short: Bool = false, qualified: Bool = false) -> (text: String, isCut: Bool) {
        var output = "", type = ""
        if qualified, case let .enumeration(name, _, _) = self { type = name }
        var cut = Cut(limit: max(0, limit - type.utf8.count))
        write(to: &output, depthLeft: short ? 1 : 6, cut: &cut)
        output = type + output
        // A type or field name longer than the limit: cut at a scalar.
        let start = output.utf8Start(atMost: max(0, limit))
        return start.isCut ? start : (output, cut.isCut)
    }

    /// How much of the output a bounded ``write(to:depthLeft:cut:)`` may write, and whether it
    /// stopped short.
    private struct Cut {
        var limit: Int
        var isCut = false

        /// Whether `output` reached the limit (recorded as a cut).
        mutating func isReached(by output: String) -> Bool {
            if output.utf8.count >= limit { isCut = true }
            return isCut
        }
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
        var unbounded = Cut(limit: .max)
        write(to: &output, depthLeft: depthLeft, cut: &unbounded)
    }

    private func write(to output: inout String, depthLeft: Int, cut: inout Cut) {
        guard !cut.isReached(by: output) else { return }
        func fields(_ fields: [Field]) {
            guard depthLeft > 0 else { output += fields.isEmpty ? "" : "…"; return }
            for (i, field) in fields.enumerated() {
                guard Self.mayWrite(i, of: fields.count, to: &output) else { return }
                if i > 0 { output += ", " }
                if !field.name.isEmpty && !field.name.isTupleIndex { output += field.name + ": " }
                field.value.write(to: &output, depthLeft: depthLeft - 1, cut: &cut)
                if cut.isCut { return }
            }
        }
        func elements(_ values: [TraceValue]) {
            guard depthLeft > 0 else { output += values.isEmpty ? "" : values.count == 1 ? "1 element" : "\(values.count) elements"; return }
            for (i, value) in values.enumerated() {
                guard Self.mayWrite(i, of: values.count, to: &output) else { return }
                if i > 0 { output += ", " }
                value.write(to: &output, depthLeft: depthLeft - 1, cut: &cut)
                if cut.isCut { return }
            }
        }
        switch self {
        case let .structure(type, f) where type == Self.tupleTypeName:
            output += "("
            fields(f)
            if !cut.isCut { output += ")" }
        case let .structure(type, f):
            output += type + "("
            fields(f)
            if !cut.isCut { output += ")" }
        case let .object(type, id, f):
            output += type + "#\(id)("
            fields(f)
            if !cut.isCut { output += ")" }
        case let .reference(type, id):
            output += Self.referenceText(type: type, id: id)
        case let .enumeration(_, caseName, payload):
            output += "." + caseName
            if !payload.isEmpty {
                output += "("
                fields(payload)
                if !cut.isCut { output += ")" }
            }
        case .none:
            output += "nil"
        case let .some(wrapped):
            wrapped.write(to: &output, depthLeft: depthLeft, cut: &cut)
        case let .array(values):
            output += "["
            elements(values)
            if !cut.isCut { output += "]" }
        case let .set(values):
            output += "Set(["
            elements(values)
            if !cut.isCut { output += "])" }
        case let .dictionary(entries):
            if entries.isEmpty { output += "[:]"; return }
            output += "["
            if depthLeft > 0 {
                for (i, entry) in entries.enumerated() {
                    guard Self.mayWrite(i, of: entries.count, to: &output) else { break }
                    if i > 0 { output += ", " }
                    entry.key.write(to: &output, depthLeft: depthLeft - 1, cut: &cut)
                    if cut.isCut { return }
                    output += ": "
                    entry.value.write(to: &output, depthLeft: depthLeft - 1, cut: &cut)
                    if cut.isCut { return }
                }
            } else {
                output += entries.count == 1 ? "1 entry" : "\(entries.count) entries"
            }
            if !cut.isCut { output += "]" }
        case let .string(string):
            quote(string, into: &output, cut: &cut)
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
            output += type + "("
            quote(text, into: &output, cut: &cut)
            if !cut.isCut { output += ")" }
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

    /// Appends `string` quoted, its quotes, backslashes and control characters escaped; stops
    /// before a character or a whole escape that would pass the limit of `cut`.
    private func quote(_ string: String, into output: inout String, cut: inout Cut) {
        output += "\""
        for scalar in string.unicodeScalars {
            let escape: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\t": "\\t"
            case "\r": "\\r"
            default:
                scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    ? "\\u{\(String(scalar.value, radix: 16))}" : nil
            }
            guard output.utf8.count + (escape?.utf8.count ?? UTF8.width(scalar)) <= cut.limit else {
                cut.isCut = true
                return
            }
            if let escape { output += escape } else { output.unicodeScalars.append(scalar) }
        }
        if !cut.isReached(by: output) { output += "\"" }
    }
}
