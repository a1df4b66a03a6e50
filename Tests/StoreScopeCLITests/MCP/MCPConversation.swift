import Foundation
import StoreScopeTestSupport
import Testing

/// One conversation with the real `storescope mcp`: every message written to its standard
/// input at once, its answers read back from standard output, one JSON object per line.
struct MCPConversation {
    let outcome: ChildProcess.Outcome
    /// The answers by request id (integer ids).
    let answers: [Int: [String: Any]]
    /// Answers whose id is null (to messages that could not be read).
    let anonymous: [[String: Any]]

    /// Runs `storescope mcp traces`, writing `messages` (JSON texts) one per line; `raw`
    /// lines are written as they are.
    init(traces: [String], messages: [String]) throws {
        let input = messages.map { $0 + "\n" }.joined()
        outcome = try ChildProcess.run(product: "storescope", ["mcp"] + traces, input: Data(input.utf8))
        var answers: [Int: [String: Any]] = [:]
        var anonymous: [[String: Any]] = []
        for line in outcome.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
            if let id = object["id"] as? Int { answers[id] = object } else { anonymous.append(object) }
        }
        self.answers = answers
        self.anonymous = anonymous
    }

    /// `{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":NAME,"arguments":ARGUMENTS}}`.
    static func call(_ id: Int, _ name: String, _ arguments: [String: Any] = [:]) -> String {
        request(id, "tools/call", ["name": name, "arguments": arguments])
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) -> String {
        let object: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static let initialize = request(0, "initialize", ["protocolVersion": "2025-11-25", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]])
    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#

    /// The result of request `id`.
    func result(_ id: Int) throws -> [String: Any] {
        try #require(answers[id]?["result"] as? [String: Any], "no result for \(id): \(String(describing: answers[id]))")
    }

    /// The structured content of the tool call `id`, which must have succeeded.
    func structured(_ id: Int) throws -> [String: Any] {
        let result = try result(id)
        #expect(result["isError"] as? Bool == false, "\(result)")
        return try #require(result["structuredContent"] as? [String: Any], "\(result)")
    }

    /// The text of the tool call `id`'s error, which must be a tool error.
    func toolError(_ id: Int) throws -> String {
        let result = try result(id)
        #expect(result["isError"] as? Bool == true, "\(result)")
        let content = try #require(result["content"] as? [[String: Any]])
        return try #require(content.first?["text"] as? String)
    }

    /// The JSON-RPC error code of request `id`.
    func errorCode(_ id: Int) -> Int? {
        (answers[id]?["error"] as? [String: Any])?["code"] as? Int
    }
}

/// Parses NDJSON (`--json` output) into objects.
func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

/// Compares JSON values as Foundation reads them.
func sameJSON(_ a: Any, _ b: Any) -> Bool {
    (a as? NSObject)?.isEqual(b as? NSObject) ?? false
}

extension MCPConversation {
    /// One page of a paged tool's answer.
    struct Page {
        /// Its structured content.
        let answer: [String: Any]
        /// Its readable text.
        let text: String
        /// The JSON of its `key` member's items, as the agent gets them.
        func size(of key: String) throws -> Int {
            try JSONSerialization.data(withJSONObject: answer[key] as Any, options: .withoutEscapingSlashes).count
        }
    }

    /// Calls `tool` with `arguments` on `traces`, one conversation per page, following
    /// `nextCursor` (at most 100 pages).
    static func pages(traces: [String], _ tool: String, _ arguments: [String: Any]) throws -> [Page] {
        var pages: [Page] = [], cursor: String?
        repeat {
            var asked = arguments
            if let cursor { asked["cursor"] = cursor }
            let talk = try MCPConversation(traces: traces, messages: [call(1, tool, asked)])
            let answer = try talk.structured(1)
            let text = try #require((try talk.result(1)["content"] as? [[String: Any]])?.first?["text"] as? String)
            pages.append(Page(answer: answer, text: text))
            cursor = answer["nextCursor"] as? String
        } while cursor != nil && pages.count < 100
        return pages
    }
}
