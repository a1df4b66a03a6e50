import TraceAnalysis

/// Answers MCP messages, one line in, at most one line out: requests get a response,
/// notifications none. A malformed message gets a JSON-RPC error; a tool's bad input a tool
/// result with `isError: true`; nothing a client sends ends the server.
///
/// With control tools (`--listen --allow-control`), the tools listed change: each control
/// tool is offered while the app of a connected live session allows its command
/// (``ControlActing``). The server then declares `tools.listChanged`, and when the set
/// changes (an app allowed control, or its session ended) ``notifications()`` tells the
/// client: a handshake client (`initialize`, then `notifications/initialized`) with
/// `notifications/tools/list_changed`, a 2026-07-28 client on each `subscriptions/listen`
/// stream that asked for `toolsListChanged`.
final class MCPServer {
    let sessions: MCPSessions
    let tools: [any MCPTool]
    /// The control tools, offered while an app allows their commands.
    let controlTools: [any ControlActing]
    /// What the connected apps allowed when the tools offered were last worked out.
    private var allowed: Set<ControlAllowedNote.Command> = []
    /// Whether the tools offered changed since the client was last told.
    private var toolsChanged = false
    /// Whether a handshake client said it is ready for notifications (`notifications/initialized`).
    private var initialized = false
    /// The ids of the `subscriptions/listen` requests that asked for `toolsListChanged`.
    private var listens: [JSONValue] = []
    /// The most listen streams held at once: more are refused.
    static let mostListens = 16

    init(sessions: MCPSessions, tools: [any MCPTool] = MCPServer.allTools, controlTools: [any ControlActing] = []) {
        self.sessions = sessions
        self.tools = tools
        self.controlTools = controlTools
    }

    /// The control tools (`storescope mcp --listen --allow-control`), acting through the
    /// listener at `socket`.
    static func controlTools(socket: String) -> [any ControlActing] {
        ControlTool.Command.allCases.map { ControlTool(command: $0, socket: socket) } + [ReplayTool(socket: socket)]
    }

    /// Whether the tools listed can change: there are control tools.
    private var listChanges: Bool { !controlTools.isEmpty }

    /// The tools offered now: the reading tools, and the control tools whose commands a
    /// connected app allows.
    private func offeredTools() -> [any MCPTool] {
        noteAllowed()
        return tools + controlTools.filter { allowed.contains($0.needs) }
    }

    /// Works out what the connected apps allow; a change is told by ``notifications()``.
    private func noteAllowed() {
        guard listChanges else { return }
        let now = sessions.controlAllowedNow()
        let before = Set(controlTools.filter { allowed.contains($0.needs) }.map(\.name))
        allowed = now
        if Set(controlTools.filter { now.contains($0.needs) }.map(\.name)) != before { toolsChanged = true }
    }

    /// The notifications to send now (none, or one per client stream that wants them): the
    /// tools offered changed since the client was last told. Called after every message and
    /// whenever the input is idle, so a change reaches a client that asks nothing.
    func notifications() -> [String] {
        noteAllowed()
        guard toolsChanged else { return [] }
        toolsChanged = false
        var lines: [String] = []
        if initialized { lines.append(Self.notification("notifications/tools/list_changed", subscription: nil)) }
        for id in listens { lines.append(Self.notification("notifications/tools/list_changed", subscription: id)) }
        return lines
    }

    /// The tools, in the order `tools/list` gives them.
    static let allTools: [any MCPTool] = [
        ListSessionsTool(), QueryActionsTool(), StateAtTool(), DiffTool(), BlameTool(), EffectsTool(), StatsTool(),
        CompareTool(), TestTool(),
    ]

    /// The response to one message (`bytes`, without its newline), or `nil` for a
    /// notification or an empty line.
    func respond(to bytes: some Collection<UInt8>) -> String? {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        let message: JSONValue
        do throws(JSONParseError) {
            message = try JSONValue.parse(bytes)
        } catch {
            return Self.error(id: .null, JSONRPCError.parseError, "Parse error: \(error.description)")
        }
        guard case let .object(members) = message else {
            return Self.error(id: .null, JSONRPCError.invalidRequest, "Invalid Request: a message is a JSON object")
        }
        let id = members["id"]
        if let id, !Self.isValidID(id) {
            return Self.error(id: .null, JSONRPCError.invalidRequest, "Invalid Request: an id is a string or a whole number")
        }
        guard members["jsonrpc"] == .string("2.0"), let method = members["method"]?.string else {
            // A response from the client (it has no method) asks for nothing.
            if members["method"] == nil, members["result"] != nil || members["error"] != nil { return nil }
            return Self.error(id: id ?? .null, JSONRPCError.invalidRequest, "Invalid Request: expected jsonrpc \"2.0\" and a method")
        }
        let params = members["params"] ?? .object([:])
        guard let paramMembers = params.object else {
            return id.map { Self.error(id: $0, JSONRPCError.invalidParams, "Invalid params: params is an object") }
        }
        // Notifications (initialized, cancelled, …) need no answer.
        guard let id else {
            noteNotification(method, paramMembers)
            return nil
        }
        let version = paramMembers["_meta"]?[MCPProtocol.protocolVersionKey]
        if let version, method != "initialize" {
            guard let asked = version.string, asked == MCPProtocol.statelessVersion else {
                return Self.unsupportedVersion(id: id, asked: version)
            }
        }
        let stateless = version != nil
        switch method {
        case "initialize": return Self.result(id: id, initializeResult(paramMembers))
        case "server/discover": return Self.result(id: id, discoverResult())
        case "ping": return Self.result(id: id, "{}")
        case "tools/list": return Self.result(id: id, toolsList(stateless: stateless))
        case "tools/call":
            sessions.poll()
            return call(id: id, paramMembers, stateless: stateless)
        case "subscriptions/listen": return listen(id: id, paramMembers)
        default: return Self.error(id: id, JSONRPCError.methodNotFound, "Method not found: \(method)")
        }
    }

    /// The response to a line longer than ``JSONLimits/bytes`` (not read, so its id is unknown).
    func respond(toOversized: Void) -> String {
        Self.error(id: .null, JSONRPCError.parseError, "Parse error: the message is larger than \(JSONLimits.bytes) bytes")
    }

    // MARK: Lifecycle

    private func initializeResult(_ params: [String: JSONValue]) -> String {
        let asked = params["protocolVersion"]?.string ?? ""
        let version = MCPProtocol.handshakeVersions.contains(asked) ? asked : MCPProtocol.handshakeVersions[0]
        var json = JSONWriter()
        json.beginObject()
        json.field("protocolVersion", version)
        writeCapabilities(to: &json)
        json.key("serverInfo")
        Self.writeServerInfo(to: &json)
        json.field("instructions", MCPProtocol.instructions)
        json.endObject()
        return json.text
    }

    private func discoverResult() -> String {
        var json = JSONWriter()
        json.beginObject()
        Self.writeSupportedVersions(as: "supportedVersions", to: &json)
        writeCapabilities(to: &json)
        json.field("instructions", MCPProtocol.instructions)
        Self.writeStatelessFields(cacheable: true, to: &json)
        json.key("_meta")
        json.beginObject()
        json.key(MCPProtocol.serverInfoKey)
        Self.writeServerInfo(to: &json)
        json.endObject()
        json.endObject()
        return json.text
    }

    private func writeCapabilities(to json: inout JSONWriter) {
        json.key("capabilities")
        json.beginObject()
        json.key("tools")
        json.beginObject()
        json.key("listChanged")
        json.bool(listChanges)
        json.endObject()
        json.endObject()
    }

    // MARK: Notifications

    /// Takes note of a client's notification: `notifications/initialized` opens a handshake
    /// client to notifications, `notifications/cancelled` naming a listen request ends that
    /// stream.
    private func noteNotification(_ method: String, _ params: [String: JSONValue]) {
        switch method {
        case "notifications/initialized": initialized = true
        case "notifications/cancelled":
            if let request = params["requestId"] { listens.removeAll { $0 == request } }
        default: break
        }
    }

    /// `subscriptions/listen` (2026-07-28): a stream of change notifications, acknowledged with
    /// what the server honours (`toolsListChanged`, when its tools can change). The request
    /// gets no response: a response would close the stream, which lasts until the client
    /// cancels it (`notifications/cancelled`) or the server's input ends.
    private func listen(id: JSONValue, _ params: [String: JSONValue]) -> String {
        let asked = params["notifications"]?["toolsListChanged"] == .bool(true)
        let honoured = asked && listChanges
        if honoured {
            guard listens.count < Self.mostListens else {
                return Self.error(id: id, JSONRPCError.internalError, "Subscription limit reached: \(Self.mostListens) listen streams are open")
            }
            listens.append(id)
        }
        var json = JSONWriter()
        json.beginObject()
        json.field("jsonrpc", "2.0")
        json.field("method", "notifications/subscriptions/acknowledged")
        json.key("params")
        json.beginObject()
        json.key("notifications")
        json.beginObject()
        if honoured {
            json.key("toolsListChanged")
            json.bool(true)
        }
        json.endObject()
        Self.writeSubscription(id, to: &json)
        json.endObject()
        json.endObject()
        return json.text
    }

    /// A notification without parameters but, on a listen stream, its subscription's id.
    private static func notification(_ method: String, subscription: JSONValue?) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("jsonrpc", "2.0")
        json.field("method", method)
        if let subscription {
            json.key("params")
            json.beginObject()
            writeSubscription(subscription, to: &json)
            json.endObject()
        }
        json.endObject()
        return json.text
    }

    /// `"_meta":{"io.modelcontextprotocol/subscriptionId":ID}`.
    private static func writeSubscription(_ id: JSONValue, to json: inout JSONWriter) {
        json.key("_meta")
        json.beginObject()
        json.key(MCPProtocol.subscriptionIDKey)
        id.write(to: &json)
        json.endObject()
    }

    private static func writeSupportedVersions(as key: String, to json: inout JSONWriter) {
        json.key(key)
        json.beginArray()
        for version in MCPProtocol.supportedVersions { json.string(version) }
        json.endArray()
    }

    private static func writeServerInfo(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", "storescope")
        json.field("version", StoreScopeCLI.version)
        json.endObject()
    }

    /// `resultType` (every 2026-07-28 result) and the caching directives (listings): the
    /// traces do not change while the server runs, but a client should ask again anyway.
    private static func writeStatelessFields(cacheable: Bool, to json: inout JSONWriter) {
        json.field("resultType", "complete")
        guard cacheable else { return }
        json.field("ttlMs", UInt64(0))
        json.field("cacheScope", "private")
    }

    // MARK: Tools

    private func toolsList(stateless: Bool) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("tools")
        json.beginArray()
        for tool in offeredTools() {
            json.beginObject()
            json.field("name", tool.name)
            json.field("description", tool.description)
            json.key("inputSchema")
            json.raw(tool.inputSchema)
            json.key("outputSchema")
            json.raw(tool.outputSchema)
            json.key("annotations")
            json.beginObject()
            json.key("readOnlyHint")
            json.bool(tool.readOnly)
            json.key("openWorldHint")
            json.bool(!tool.readOnly)
            json.endObject()
            json.endObject()
        }
        json.endArray()
        if stateless { Self.writeStatelessFields(cacheable: true, to: &json) }
        json.endObject()
        return json.text
    }

    private func call(id: JSONValue, _ params: [String: JSONValue], stateless: Bool) -> String {
        guard let name = params["name"]?.string else {
            return Self.error(id: id, JSONRPCError.invalidParams, "Invalid params: tools/call needs a tool name")
        }
        // A control tool no connected app allows now still answers, with a tool error saying why.
        guard let tool = tools.first(where: { $0.name == name }) ?? controlTools.first(where: { $0.name == name }) else {
            // A control tool the server was not started to offer: say how it is offered.
            if Self.controlTools(socket: "").contains(where: { $0.name == name }) {
                return Self.error(id: id, JSONRPCError.invalidParams,
                    "Unknown tool: \(name) (the control tools are offered only by storescope mcp --listen --allow-control)")
            }
            return Self.error(id: id, JSONRPCError.invalidParams, "Unknown tool: \(name)")
        }
        let outcome: Result<ToolResult, ToolError>
        switch params["arguments"] ?? .object([:]) {
        case let .object(arguments):
            outcome = Result { () throws(ToolError) in try tool.call(ToolArguments(values: arguments), sessions: sessions) }
        case let other:
            outcome = .failure(ToolError("arguments must be an object, not \(other.kindName)"))
        }
        var json = JSONWriter()
        json.beginObject()
        json.key("content")
        json.beginArray()
        json.beginObject()
        json.field("type", "text")
        switch outcome {
        case let .success(result):
            json.field("text", result.text)
            json.endObject()
            json.endArray()
            json.key("structuredContent")
            json.raw(result.structured)
            json.key("isError")
            json.bool(false)
        case let .failure(error):
            json.field("text", "Error: \(error.message)")
            json.endObject()
            json.endArray()
            json.key("isError")
            json.bool(true)
        }
        if stateless { Self.writeStatelessFields(cacheable: false, to: &json) }
        json.endObject()
        return Self.result(id: id, json.text)
    }

    // MARK: Framing

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .integer: true
        default: false
        }
    }

    private static func result(id: JSONValue, _ result: String) -> String {
        response(id: id, "result", result)
    }

    private static func error(id: JSONValue, _ code: Int, _ message: String, data: String? = nil) -> String {
        var error = JSONWriter()
        error.beginObject()
        error.field("code", Int64(code))
        error.field("message", message)
        if let data {
            error.key("data")
            error.raw(data)
        }
        error.endObject()
        return response(id: id, "error", error.text)
    }

    /// `{"jsonrpc":"2.0","id":…,"result"|"error":…}`.
    private static func response(id: JSONValue, _ key: String, _ body: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("jsonrpc", "2.0")
        json.key("id")
        id.write(to: &json)
        json.key(key)
        json.raw(body)
        json.endObject()
        return json.text
    }

    private static func unsupportedVersion(id: JSONValue, asked: JSONValue) -> String {
        var data = JSONWriter()
        data.beginObject()
        writeSupportedVersions(as: "supported", to: &data)
        data.key("requested")
        asked.write(to: &data)
        data.endObject()
        return error(id: id, JSONRPCError.unsupportedProtocolVersion, "Unsupported protocol version", data: data.text)
    }
}
