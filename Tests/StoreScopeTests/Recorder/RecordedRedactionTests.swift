import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// The secret shapes of issue 17 (item 9), recorded by a real recorder to a real file and read
/// back: no secret appears in any decoded record, keyframe or patch, and the values next to
/// them are kept.
@Suite("Redaction in recorded traces: the common secret shapes")
struct RecordedRedactionTests {
    enum Login {
        case signedOut
        case token(String)
        case guest(name: String)
    }

    struct Shapes {
        var pwd: String
        var bearer: String
        var spinner: String
        var shipping: String
        var headers: [String: String]
        var pairs: [(String, String)]
        var endpoint: URL
        var login: Login
        var userPin: Int
        var pinned: Bool
    }

    enum ShapeAction {
        case setToken(String)
        case setPassword(pwd: String)
        case rename(String)
        case setHeaders([(String, String)])
        case open(URL)
        case step(Int)
    }

    static func shapes(_ n: Int) -> Shapes {
        Shapes(
            pwd: "S3CRET-pwd-\(n)", bearer: "S3CRET-bearer-\(n)", spinner: "spin-visible-\(n)", shipping: "ship-visible-\(n)",
            headers: ["X-Api-Key": "S3CRET-xapikey-\(n)", "Accept": "application/json", "api_key": "S3CRET-apikey-\(n)"],
            pairs: [("Authorization", "S3CRET-auth-\(n)"), ("Accept-Language", "fr-\(n)"), ("X-Session-Id", "S3CRET-sid-\(n)")],
            endpoint: URL(string: "https://user:S3CRET-urlpass-\(n)@api.example.com/v\(n)/users?page=\(n)&access_token=S3CRET-query-\(n)#state=ok\(n)&id_token=S3CRET-frag-\(n)")!,
            login: .token("S3CRET-login-\(n)"), userPin: 900_000 + n, pinned: n % 2 == 0)
    }

    static func reduce(_ state: inout Shapes, _ action: ShapeAction) {
        switch action {
        case let .setToken(token): state.login = .token(token)
        case let .setPassword(pwd): state.pwd = pwd
        case let .rename(name): state.login = .guest(name: name)
        case let .setHeaders(pairs): state.pairs = pairs
        case let .open(url): state.endpoint = url
        case let .step(n):
            let next = shapes(n)
            state.pwd = next.pwd
            state.bearer = next.bearer
            state.spinner = next.spinner
            state.shipping = next.shipping
            state.headers = next.headers
            state.pairs[0].1 = next.pairs[0].1
            state.pairs[1].1 = next.pairs[1].1
            state.pairs[2].1 = next.pairs[2].1
            state.endpoint = next.endpoint
            if case .token = state.login { state.login = next.login }
            state.userPin = next.userPin
            state.pinned = next.pinned
        }
    }

    @Test("every secret shape is hidden in keyframes, patches and actions of a recorded trace, and its neighbours are kept")
    func secretShapesNeverReachTheTrace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("secrets.sstrace")
        let recorder = try Recorder(sink: .file(path), configuration: .init(keyframeEveryActions: 1_000))
        var state = Self.shapes(1)
        let store = recorder.store("shapes", initialState: state, actions: ShapeAction.self)
        for n in 2...6 { store.record(.step(n), reducing: &state, Self.reduce) }
        store.record(.setToken("S3CRET-action-token"), reducing: &state, Self.reduce)
        store.record(.setPassword(pwd: "S3CRET-action-pwd"), reducing: &state, Self.reduce)
        store.record(.setHeaders([("x-api-key", "S3CRET-action-header"), ("Accept", "text/plain")]), reducing: &state, Self.reduce)
        store.record(.open(URL(string: "https://example.com/search?q=visible-query&apiKey=S3CRET-action-url")!), reducing: &state, Self.reduce)
        store.record(.setHeaders([("Accept", "text/html"), ("Authorization", "S3CRET-renamed")]), reducing: &state, Self.reduce)
        store.record(.rename("guest-visible"), reducing: &state, Self.reduce)
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let records = try readTrace(path)
        let text = records.map { String(reflecting: $0) }.joined(separator: "\n")
        #expect(!text.contains("S3CRET"), "\(text.components(separatedBy: "\n").filter { $0.contains("S3CRET") })")
        #expect(!text.contains("90000"), "userPin is a secret too")
        for kept in [
            "spin-visible-6", "ship-visible-6", "application/json", "fr-6", "Accept-Language", "X-Api-Key", "text/plain", "text/html",
            "https://user:REDACTED@api.example.com/v6/users?page=6&access_token=REDACTED#state=ok6&id_token=REDACTED",
            "https://example.com/search?q=visible-query&apiKey=REDACTED", "guest-visible",
        ] {
            #expect(text.contains(kept), "\(kept)")
        }

        // The replayed state is the redacted capture of the final state, neighbours included.
        var replay = StateReplay()
        for record in records { replay.apply(record) }
        #expect(replay.stores["shapes"]?.value == captureValue(state))
        #expect(replay.stores["shapes"]?.value.map { "\($0)".contains("pinned: true") } == true)

        // The secrets changed in patches, not only in the first keyframe: the patch path ran.
        let keyframes = records.filter { if case .keyframe = $0 { true } else { false } }
        #expect(keyframes.count == 1)
        let patches = records.compactMap { if case let .patch(p) = $0 { p } else { nil } }
        let touched = Set(patches.flatMap(\.operations).compactMap { operation -> String? in
            guard case let .set(path, value) = operation, case .redacted = value else { return nil }
            return path.map { "\($0)" }.joined(separator: "/")
        })
        for field in ["pwd", "bearer", "headers", "pairs", "login", "userPin"] {
            #expect(touched.contains { $0.contains(field) }, "a redacted change under \(field): \(touched.sorted())")
        }
        let actions = records.compactMap(\.actionRecord)
        #expect(actions.count == 11)
        #expect(actions.contains { "\($0.action)".contains("setToken") })
    }

    @Test("with redaction turned off the same trace holds the secrets (the test above would see a leak)")
    func theSameTraceWithoutRedactionHoldsTheSecrets() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("open.sstrace")
        let recorder = try Recorder(sink: .file(path), configuration: .init(capture: .init(redaction: .none)))
        var state = Self.shapes(1)
        let store = recorder.store("shapes", initialState: state, actions: ShapeAction.self)
        store.record(.step(2), reducing: &state, Self.reduce)
        store.record(.setToken("S3CRET-action-token"), reducing: &state, Self.reduce)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let text = try readTrace(path).map { String(reflecting: $0) }.joined(separator: "\n")
        for secret in ["S3CRET-pwd-2", "S3CRET-xapikey-2", "S3CRET-auth-2", "S3CRET-query-2", "S3CRET-action-token", "S3CRET-login-2"] {
            #expect(text.contains(secret), "\(secret)")
        }
    }
}
