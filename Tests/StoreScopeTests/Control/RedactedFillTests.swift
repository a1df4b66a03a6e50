@testable import StoreScope
import Testing
import TraceFormat

/// ``RedactedFill``: a jump's redacted values, taken from the app's own state where that state
/// has a counterpart, and the paths it has none for.
@Suite("redacted values of a jump, filled from the app's state")
struct RedactedFillTests {
    struct Message: Identifiable, Sendable {
        var id: Int
        var token: String
    }

    enum Login: Sendable {
        case signedOut
        case signedIn(session: String)
    }

    struct Inbox: Sendable {
        var messages: [Message]
        var login: Login
        var card: Redacted<String>
        var byName: [String: Message]
    }

    static let current = Inbox(
        messages: [Message(id: 7, token: "t7"), Message(id: 3, token: "t3")], login: .signedIn(session: "now"),
        card: Redacted("key"), byName: ["a": Message(id: 1, token: "ta")])

    /// The app's state as the fill sees it: captured with nothing redacted.
    static var revealed: TraceValue { captureValue(current, options: CaptureOptions.default.revealingEverything) }

    @Test("the capture the fill uses opens Redacted and named fields; the recorded one does not")
    func revealingCapture() {
        let recorded = captureValue(Self.current)
        #expect(recorded.node(at: [.field("card")]) == .redacted(type: "String"))
        #expect(Self.revealed.node(at: [.field("card")]) == .string("key"))
        #expect(Self.revealed.node(at: [.field("messages"), .index(0), .field("token")]) == .string("t7"))
    }

    @Test("fields, enum payloads of the same case, dictionary entries and array elements matched by id are filled")
    func fills() throws {
        // The state after an earlier action: message 3 first, then 7; same login case.
        let earlier = Inbox(
            messages: [Message(id: 3, token: "old3"), Message(id: 7, token: "old7")], login: .signedIn(session: "then"),
            card: Redacted("old"), byName: ["a": Message(id: 1, token: "old")])
        var fill = RedactedFill()
        let filled = fill.fill(captureValue(earlier), from: Self.revealed)
        #expect(fill.blocked.isEmpty)
        #expect(Set(fill.filled) == [".messages[0].token", ".messages[1].token", ".login.session", ".card", ".byName[\"a\"].token"])
        #expect(filled.node(at: [.field("messages"), .index(0), .field("token")]) == .string("t3"), "by id, not by position")
        #expect(filled.node(at: [.field("login"), .field("session")]) == .string("now"))
        #expect(!RedactedFill.needed(in: filled))
        let decoded = try TraceValueDecoder().decode(InboxCodable.self, from: filled)
        #expect(decoded.messages.map(\.token) == ["t3", "t7"])
    }

    @Test("a place the app's state has no counterpart for blocks the jump, by path")
    func blocks() {
        let earlier = Inbox(
            messages: [Message(id: 3, token: "old3"), Message(id: 9, token: "gone")], login: .signedIn(session: "then"),
            card: Redacted("old"), byName: [:])
        let signedOut = Inbox(messages: [], login: .signedOut, card: Redacted("k"), byName: [:])
        var fill = RedactedFill()
        _ = fill.fill(captureValue(earlier), from: captureValue(signedOut, options: CaptureOptions.default.revealingEverything))
        #expect(fill.blocked == [".messages[0].token", ".messages[1].token", ".login.session"])
        #expect(fill.filled == [".card"])
    }

    /// The same shape, decodable, to show the filled tree decodes.
    struct InboxCodable: Decodable {
        struct Message: Decodable {
            var id: Int
            var token: String
        }
        var messages: [Message]
    }
}
