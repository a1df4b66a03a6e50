import Foundation
import StoreScope
import Testing

/// Decoding captured trees back into the app's `Decodable` types, in the shapes synthesized
/// `Codable` expects.
@Suite("TraceValueDecoder")
struct TraceValueDecoderTests {
    enum Role: String, Codable, Hashable { case admin, guest }

    enum Event: Codable, Equatable {
        case opened
        case moved(x: Int, y: Int)
        case renamed(String, to: String)
        indirect case nested(Event?)
        indirect case batch([Event])
    }

    struct Profile: Codable, Equatable {
        var id: UUID
        var name: String
        var nickname: String?
        var missingNickname: String?
        var role: Role
        var homepage: URL
        var joined: Date
        var avatar: Data
        var balance: Decimal
        var small: Int8
        var big: UInt64
        var ratio: Double
        var score: Float
        var isActive: Bool
        var tags: Set<String>
        var scores: [String: Int]
        var byID: [Int: String]
        var byRole: [Role: Int]
        var pairs: [[Int]]
        var history: [Event]
    }

    static let profile = Profile(
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, name: "Ada", nickname: "countess", missingNickname: nil,
        role: .admin, homepage: URL(string: "https://example.com/ada?x=1")!, joined: Date(timeIntervalSince1970: 1_764_563_042.5),
        avatar: Data([0, 1, 255]), balance: Decimal(string: "12.34")!, small: -8, big: .max, ratio: 0.25, score: 1.5, isActive: true,
        tags: ["b", "a"], scores: ["x": 1, "y": 2], byID: [3: "c", 1: "a"], byRole: [.guest: 2, .admin: 1], pairs: [[1, 2], []],
        history: [.opened, .moved(x: 1, y: -2), .renamed("a", to: "b"), .nested(nil), .nested(.opened), .batch([.opened, .moved(x: 0, y: 0)])])

    @Test("A captured struct with optionals, enums, collections and Foundation values decodes back equal")
    func roundTrip() throws {
        let tree = captureValue(Self.profile)
        let decoded = try TraceValueDecoder().decode(Profile.self, from: tree)
        #expect(decoded == Self.profile)
    }

    @Test("Enum cases decode from the captured case: no payload, labeled, unlabeled, optional and indirect payloads")
    func enumCases() throws {
        for event in Self.profile.history {
            #expect(try TraceValueDecoder().decode(Event.self, from: captureValue(event)) == event)
        }
    }

    @Test("A redacted field cannot be decoded: the error names its path")
    func redactedFieldsThrow() {
        struct Login: Codable { var user: String; var password: String }
        let tree = captureValue(Login(user: "ada", password: "secret"))
        #expect(throws: DecodingError.self) { try TraceValueDecoder().decode(Login.self, from: tree) }
        do {
            _ = try TraceValueDecoder().decode(Login.self, from: tree)
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["password"])
            #expect(context.debugDescription == "the String here was redacted in the trace")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("A tree of another shape is a type mismatch, not a crash")
    func mismatchThrows() {
        #expect(throws: DecodingError.self) { try TraceValueDecoder().decode(Profile.self, from: .array([])) }
        #expect(throws: DecodingError.self) { try TraceValueDecoder().decode(Int8.self, from: .int(300)) }
        #expect(throws: DecodingError.self) { try TraceValueDecoder().decode(Event.self, from: .string("opened")) }
    }

    @Test("Large dictionaries, optional fields and errors inside an enum payload keep their keys and paths")
    func indexedDictionariesAndPayloadPaths() throws {
        struct Book: Codable, Equatable { var byName: [String: Int]; var byID: [Int: String?]; var note: String?; var event: Event }
        let book = Book(
            byName: Dictionary(uniqueKeysWithValues: (0..<50).map { ("k\($0)", $0) }),
            byID: Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, $0 % 2 == 0 ? "v\($0)" : nil) }), note: nil, event: .moved(x: 1, y: 2))
        #expect(try TraceValueDecoder().decode(Book.self, from: captureValue(book)) == book)
        let wrong = TraceValue.enumeration(type: "Event", caseName: "moved", payload: [.init("x", .int(1)), .init("y", .string("no"))])
        do {
            _ = try TraceValueDecoder().decode([Event].self, from: .array([wrong]))
            Issue.record("decoded a string as Int")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["0", "moved", "y"])
        }
    }
}
