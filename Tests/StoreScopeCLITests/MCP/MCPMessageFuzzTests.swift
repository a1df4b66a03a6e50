import Foundation
import StoreScopeTestSupport
@testable import StoreScopeCLI
import Testing

/// A property of the server's reading of messages: whatever bytes a client sends (valid
/// requests with bytes changed, cut, repeated, or random), the answer is nothing (a
/// notification) or one JSON-RPC object with a result or an error, and a request that still
/// reads as one is answered with its own id. Seeded, so a failure replays.
@Suite("storescope mcp: messages, fuzzed")
struct MCPMessageFuzzTests {
    static let seeds = [
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"query_actions","arguments":{"filter":"store:cart and seq:1..5","cursor":"2"}}}"#,
        #"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"state_at","arguments":{"seq":3,"path":".items[0]","store":"cart"}}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"blame","arguments":{"path":".total"}}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"diff","arguments":{"from":"start","to":5,"path":".items"}}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"effects","arguments":{"running":true,"slowerThan":"1ms"}}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ]

    @Test("no message crashes the server; every answer is one JSON-RPC object with its request's id")
    func everyMessageIsAnswered() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let server = MCPServer(sessions: try MCPSessions(paths: [trace]))
        var random = SplitMix64(seed: 43)
        let alphabet = Array(#"{}[]":,\0123456789.-eEtrufalsn "#.utf8) + [0x00, 0xFF, 0xC3, 0x0A]
        for round in 0..<3_000 {
            var bytes = Array(Self.seeds[Int(random.next() % UInt64(Self.seeds.count))].utf8)
            for _ in 0..<Int(random.next() % 4) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: bytes.removeSubrange(at...)
                case 2: bytes.insert(contentsOf: bytes[at...].prefix(Int(random.next() % 40)), at: at)
                default: bytes.remove(at: at)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            guard let answer = server.respond(to: bytes) else { continue }
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any], "round \(round): \(answer)")
            #expect(object["jsonrpc"] as? String == "2.0")
            #expect((object["result"] != nil) != (object["error"] != nil), "round \(round): \(answer)")
            // A request that still reads as one is answered with its id.
            if let request = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                request["jsonrpc"] as? String == "2.0", request["method"] is String, let id = request["id"] as? String
            {
                #expect(object["id"] as? String == id, "round \(round): \(String(decoding: bytes, as: UTF8.self)) → \(answer)")
            }
        }
    }
}
