import TraceAnalysis

/// A tool `storescope mcp` offers: its name, what it does, the JSON Schemas of its arguments
/// and of its structured result, and the call.
protocol MCPTool: Sendable {
    var name: String { get }
    /// What the tool answers, for the agent choosing one.
    var description: String { get }
    /// The JSON Schema of `arguments` (an object schema), as JSON text.
    var inputSchema: String { get }
    /// The JSON Schema of ``ToolResult/structured`` (an object schema), as JSON text.
    var outputSchema: String { get }
    /// Whether the tool only reads (every tool but the control tools).
    var readOnly: Bool { get }
    /// Answers, or throws ``ToolError`` for a question the traces cannot answer (bad input).
    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult
}

extension MCPTool {
    var readOnly: Bool { true }
}

/// A tool's answer: readable text (what the CLI prints for the same question) and the same
/// answer as a JSON object (`structuredContent`).
struct ToolResult: Sendable {
    var text: String
    /// A JSON object, as text.
    var structured: String
}

/// A question a tool cannot answer: bad arguments, an unknown session, a seq past the end.
/// Returned to the client as a tool result with `isError: true`, so the agent reads why.
struct ToolError: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
    init(_ failure: AnalysisFailure) { message = failure.message }
}

/// The arguments of one tool call, read with errors that name the argument.
struct ToolArguments: Sendable {
    let values: [String: JSONValue]

    func string(_ name: String) throws(ToolError) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard let text = value.string else { throw ToolError("'\(name)' must be a string, not \(value.kindName)") }
        return text
    }

    func requiredString(_ name: String) throws(ToolError) -> String {
        guard let text = try string(name) else { throw ToolError("missing argument '\(name)'") }
        return text
    }

    func bool(_ name: String) throws(ToolError) -> Bool {
        switch values[name] {
        case nil, .null?: return false
        case let .bool(value)?: return value
        case let other?: throw ToolError("'\(name)' must be true or false, not \(other.kindName)")
        }
    }

    /// A whole number in `range`, or `fallback` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(ToolError) -> Int {
        switch values[name] {
        case nil, .null?: return fallback
        case let .integer(value)? where range.contains(Int(clamping: value)) && Int64(Int(clamping: value)) == value: return Int(value)
        default: throw ToolError("'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// An action's seq (a whole number, or text such as `#12`), or `nil` when absent.
    func seq(_ name: String) throws(ToolError) -> UInt64? {
        switch values[name] {
        case nil, .null?: return nil
        case let .integer(seq)? where seq >= 0: return UInt64(seq)
        case let .string(text)?:
            guard let seq = UInt64(text.hasPrefix("#") ? String(text.dropFirst()) : text) else { fallthrough }
            return seq
        default: throw ToolError("'\(name)' must be an action's seq (a whole number at least 0)")
        }
    }

    /// A point of the trace: a seq (number or text), `start`, `end`, or a time such as `1.5s`.
    func point(_ name: String, default fallback: SessionPoint) throws(ToolError) -> SessionPoint {
        let text: String
        switch values[name] {
        case nil, .null?: return fallback
        case let .integer(seq)? where seq >= 0: text = String(seq)
        case let .string(value)?: text = value
        case let other?: throw ToolError("'\(name)' must be a seq (a whole number at least 0), start, end, or a time such as 1.5s, not \(other.kindName)")
        }
        guard let point = SessionPoint(text) else {
            throw ToolError("invalid '\(name)' \(text): expected a sequence number, start, end, or a time such as 1.5s")
        }
        return point
    }

    /// A path such as `.users[3].name`, or `nil` when absent.
    func path(_ name: String) throws(ToolError) -> PathPattern? {
        guard let text = try string(name) else { return nil }
        do throws(PathPatternError) {
            return try PathPattern(parsing: text)
        } catch {
            throw ToolError("invalid path '\(text)' at column \(error.offset + 1): \(error.message)")
        }
    }
}
