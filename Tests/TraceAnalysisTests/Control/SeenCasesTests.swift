import Testing
import TraceAnalysis
import TraceFormat

@Suite("The cases a session's actions used, against a typed action's")
struct SeenCasesTests {
    static func action(_ text: String) throws -> TraceValue {
        try ValueLiteral.parse(text)
    }

    static let seen: SeenCases = {
        var seen = SeenCases()
        let recorded: [TraceValue] = [
            .enumeration(type: "InboxAction", caseName: "search", payload: [.init("query", .string("sw"))]),
            .enumeration(type: "InboxAction", caseName: "increment", payload: []),
            .enumeration(type: "InboxAction", caseName: "up", payload: []),
            .enumeration(type: "InboxAction", caseName: "list", payload: [.init("", .enumeration(type: "ListAction", caseName: "select", payload: []))]),
            .enumeration(type: "InboxAction", caseName: "move", payload: [
                .init("to", .some(.enumeration(type: "Folder", caseName: "archive", payload: []))),
                .init("filter", .structure(type: "Filter", fields: [.init("kinds", .array([.enumeration(type: "Kind", caseName: "unread", payload: [])]))])),
            ]),
        ]
        for action in recorded { seen.add(action) }
        return seen
    }()

    @Test("a case a letter away from one seen where it stands, or equal but for letter case, is named with the cases seen there")
    func nearMissesAreFound() throws {
        let cases: [(String, String)] = [
            (#".serch(query: "a")"#, #"no case "serch" in InboxAction in this session: did you mean "search"? (cases seen: increment, list, move, search, up)"#),
            (".Search", #"no case "Search" in InboxAction in this session: did you mean "search"? (cases seen: increment, list, move, search, up)"#),
            (".saerch", #"no case "saerch" in InboxAction in this session: did you mean "search"? (cases seen: increment, list, move, search, up)"#),
            (".list(.selectt)", #"no case "selectt" in ListAction in this session: did you mean "select"? (cases seen: select)"#),
            (".move(to: .archve)", #"no case "archve" in Folder in this session: did you mean "archive"? (cases seen: archive)"#),
            (".move(to: nil, filter: Filter(kinds: [.unrad]))", #"no case "unrad" in Kind in this session: did you mean "unread"? (cases seen: unread)"#),
        ]
        for (text, message) in cases {
            let unseen = Self.seen.unseenCase(in: try Self.action(text))
            #expect(unseen.map { "\($0) (\($0.seenText))" } == message, "\(text)")
        }
    }

    @Test("a case seen, a case no near miss of one (another the enum may have), and a case where none were seen are not refused")
    func othersPass() throws {
        for text in [#".search(query: "b")"#, ".decrement", ".down", ".us", ".list(.deselect)", ".move(to: .inbox)", ".unknownPlace(.serch)", "InboxAction.search(query: \"\")"] {
            #expect(Self.seen.unseenCase(in: try Self.action(text)) == nil, "\(text)")
        }
    }
}
