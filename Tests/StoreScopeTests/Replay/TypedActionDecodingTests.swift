import Foundation
import StoreScope
import Testing
import TraceAnalysis

/// An action typed in the viewer's literal syntax (``ValueLiteral``), decoded by the app's own
/// `Decodable`: what a dispatch from `D` or `storescope control dispatch` goes through.
@Suite("Typed actions decoded by the app")
struct TypedActionDecodingTests {
    enum Folder: String, Codable, Hashable { case inbox, archive }

    struct Message: Codable, Equatable, Hashable {
        var id: UUID
        var subject: String
        var link: URL?
        var received: Date
        var price: Decimal
        var folder: Folder
        var flags: Set<String>
        var counts: [Folder: Int]
        var ratio: Double
    }

    enum ListAction: Codable, Equatable {
        case search(query: String)
        case select(UUID)
    }

    enum InboxAction: Codable, Equatable {
        case toggleSelect(UUID)
        case open(URL)
        case snooze(until: Date)
        case received(Message)
        case move([UUID], to: Folder?)
        case list(ListAction)
        case refresh
    }

    static let message = Message(
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, subject: "Re: \"quotes\"\n\u{1b}[1m", link: URL(string: "https://example.com/m?id=1&x=%20"),
        received: Date(timeIntervalSince1970: 1_764_563_042.123_456_7), price: Decimal(string: "12.34")!, folder: .archive, flags: ["b", "a"],
        counts: [.inbox: 3, .archive: 0], ratio: .pi)

    static let actions: [InboxAction] = [
        .toggleSelect(message.id), .open(URL(string: "https://example.com/a b?q=ü")!), .snooze(until: Date()), .received(message),
        .move([message.id, UUID()], to: .inbox), .move([], to: nil), .list(.search(query: "sw")), .list(.select(message.id)), .refresh,
    ]

    @Test("every action as the viewer prints it (with its type, UUID(\"…\"), URL(\"…\"), ISO dates to the bit) decodes into the same action")
    func printedActionsDecodeBack() throws {
        for action in Self.actions {
            let captured = captureValue(action)
            let printed = captured.qualifiedDescription
            let typed = try ValueLiteral.parse(printed)
            // As the recorded tree decodes: a `Date()` is recorded in seconds since 1970, which
            // can be an ulp off the app's own (seconds since 2001); the literal adds nothing.
            #expect(try TraceValueDecoder().decode(InboxAction.self, from: typed) == TraceValueDecoder().decode(InboxAction.self, from: captured), "\(printed)")
        }
    }

    @Test("a UUID, a URL or a decimal typed as a plain string decodes too")
    func scalarsFromStrings() throws {
        let typed = try ValueLiteral.parse(#".toggleSelect("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")"#)
        #expect(try TraceValueDecoder().decode(InboxAction.self, from: typed) == .toggleSelect(Self.message.id))
        let link = try ValueLiteral.parse(#".open("https://example.com")"#)
        #expect(try TraceValueDecoder().decode(InboxAction.self, from: link) == .open(URL(string: "https://example.com")!))
    }

    @Test("a case the enum does not have is named with its type and path, not \"Invalid number of keys found\"")
    func unknownCaseIsNamed() throws {
        let cases: [(String, String)] = [
            (#".serch(query: "sw")"#, #"TypedActionDecodingTests.InboxAction has no case "serch""#),
            (#".list(.serch(query: "sw"))"#, #"at .list._0: TypedActionDecodingTests.ListAction has no case "serch""#),
        ]
        for (text, reason) in cases {
            let typed = try ValueLiteral.parse(text)
            do {
                _ = try TraceValueDecoder().decode(InboxAction.self, from: typed)
                Issue.record("\(text) decoded")
            } catch let DecodingError.dataCorrupted(context) {
                let path = context.codingPath.map { ".\($0.stringValue)" }.joined()
                #expect((path.isEmpty ? "" : "at \(path): ") + context.debugDescription == reason, "\(text)")
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }
}
