/// The Model Context Protocol as `storescope mcp` speaks it: JSON-RPC 2.0, one message per
/// line on standard input and output (docs/GUIDE.md, "Ask an agent: storescope mcp").
///
/// Two eras of the protocol are served on the same stream. The current revision,
/// 2026-07-28, is stateless: a client may ask `server/discover`, and every request carries
/// its protocol version in `params._meta["io.modelcontextprotocol/protocolVersion"]`. The
/// revisions before it open with `initialize` (answered with the client's revision when it
/// is one of ``handshakeVersions``, else the newest of them), then `notifications/initialized`.
enum MCPProtocol {
    /// The stateless revision: requests carry their version; results carry `resultType`.
    static let statelessVersion = "2026-07-28"
    /// Revisions reached through `initialize`, newest first: the first with tool output
    /// schemas and structured results, 2025-06-18, is the oldest served.
    static let handshakeVersions = ["2025-11-25", "2025-06-18"]
    static var supportedVersions: [String] { [statelessVersion] + handshakeVersions }

    /// The `_meta` key of a request's protocol version (2026-07-28).
    static let protocolVersionKey = "io.modelcontextprotocol/protocolVersion"
    /// The `_meta` key of the server's name and version in a `server/discover` result.
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    /// The `_meta` key naming the `subscriptions/listen` request a notification belongs to.
    static let subscriptionIDKey = "io.modelcontextprotocol/subscriptionId"

    /// What the agent is told about the server (`instructions`).
    static let instructions = """
        StoreScope reads recordings of Redux-style stores: every action with the state change \
        it made and the effects around it. Start with list_sessions; then query_actions with a \
        filter, state_at and diff for the state, blame for which actions changed a path, effects \
        for running, leaked, failed or cancelled effects, stats for a summary, compare for where \
        two sessions diverge, test for a regression test replaying a session. Answers are \
        bounded: follow nextCursor, or ask with a narrower path.
        """
}

/// JSON-RPC error codes.
enum JSONRPCError {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    /// The request's protocol version is not one the server speaks (2026-07-28).
    static let unsupportedProtocolVersion = -32022
}
