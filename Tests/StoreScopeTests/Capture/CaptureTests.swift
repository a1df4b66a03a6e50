import Foundation
import Testing
@testable import StoreScope

@Test func aStructIsCapturedWithItsTypeAndFieldsInDeclarationOrder() {
    let tree = captureValue(Profile(id: 7, name: "Ada", tags: ["a"], status: nil))
    #expect(tree == .structure(type: "Profile", fields: [
        .init("id", .int(7)), .init("name", .string("Ada")), .init("tags", .array([.string("a")])),
        .init("status", .none(type: "Status")),
    ]))
}

@Test func enumCasesKeepTheirNameAndLabeledAndUnlabeledPayloads() {
    #expect(captureValue(Status.idle) == .enumeration(type: "Status", caseName: "idle", payload: []))
    #expect(captureValue(Status.loading(progress: 0.5)) == .enumeration(type: "Status", caseName: "loading", payload: [.init("progress", .double(0.5))]))
    #expect(captureValue(Status.failed("x", code: 3)) == .enumeration(type: "Status", caseName: "failed", payload: [.init("", .string("x")), .init("code", .int(3))]))
}

@Test func optionalsAreCapturedAsSomeOrNoneWithTheWrappedTypeName() {
    #expect(captureValue(Optional(3)) == .some(.int(3)))
    #expect(captureValue(Int?.none) == .none(type: "Int"))
    #expect(captureValue(Optional(Optional(Status.idle))) == .some(.some(.enumeration(type: "Status", caseName: "idle", payload: []))))
}

@Test func scalarsMapToTheirOwnKinds() {
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    #expect(captureValue(Int8(-3)) == .int(-3))
    #expect(captureValue(UInt16(9)) == .uint(9))
    #expect(captureValue(Float(1.5)) == .double(1.5))
    #expect(captureValue(true) == .bool(true))
    #expect(captureValue(Date(timeIntervalSince1970: 12)) == .date(12))
    #expect(captureValue(Data([1, 2])) == .data([1, 2]))
    #expect(captureValue(URL(string: "https://x.io/a")!) == .scalar(type: "URL", text: "https://x.io/a"))
    #expect(captureValue(uuid) == .scalar(type: "UUID", text: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(captureValue(Decimal(string: "1.25")!) == .scalar(type: "Decimal", text: "1.25"))
    #expect(captureValue(Character("é")) == .scalar(type: "Character", text: "é"))
}

@Test func tuplesAreStructuresWithLabelsOrPositionNames() {
    let tuple: (x: Int, String) = (1, "a")
    #expect(captureValue(tuple) == .structure(type: "(tuple)", fields: [.init("x", .int(1)), .init("1", .string("a"))]))
}

@Test func dictionariesAndSetsAreInCanonicalOrderWhateverTheHashSeed() {
    let dictionary = [3: "c", 1: "a", 2: "b", -5: "z"]
    #expect(captureValue(dictionary) == .dictionary([
        .init(key: .int(-5), value: .string("z")), .init(key: .int(1), value: .string("a")),
        .init(key: .int(2), value: .string("b")), .init(key: .int(3), value: .string("c")),
    ]))
    #expect(captureValue(Set(["b", "a", "c"])) == .set([.string("a"), .string("b"), .string("c")]))
    #expect(captureValue([Point(x: 2, y: 0): 1, Point(x: 1, y: 9): 2].mapValues { $0 }) == captureValue([Point(x: 1, y: 9): 2, Point(x: 2, y: 0): 1]))
}

@Test func aMutableClassIsRecordedByItsIdentityOnlyAndTheSameInstanceKeepsItsId() {
    let shared = Node(name: "shared")
    let other = Node(name: "other")
    let tree = captureValue([shared, other, shared])
    let sharedID = ObjectIdentities.id(of: shared), otherID = ObjectIdentities.id(of: other)
    #expect(sharedID != otherID)
    #expect(tree == .array([
        .reference(type: "Node", id: sharedID), .reference(type: "Node", id: otherID), .reference(type: "Node", id: sharedID),
    ]))
    let loop = Node(name: "loop")
    loop.next = loop
    #expect(captureValue(loop) == .reference(type: "Node", id: ObjectIdentities.id(of: loop)))
    loop.next = nil
}

@Test func theDepthLimitCutsCompositesButNotScalarsOrOptionals() {
    let options = CaptureOptions(maximumDepth: 1)
    let tree = captureValue(Profile(id: 1, name: "n", tags: ["t"], status: .idle), options: options)
    #expect(tree == .structure(type: "Profile", fields: [
        .init("id", .int(1)), .init("name", .string("n")),
        .init("tags", .truncated(.init(reason: .depth, type: "Array<String>"))),
        .init("status", .some(.truncated(.init(reason: .depth, type: "Status")))),
    ]))
}

@Test func theCollectionLimitKeepsTheFirstElementsAndCountsTheRest() {
    let options = CaptureOptions(maximumCollectionCount: 2)
    #expect(captureValue([1, 2, 3, 4], options: options) == .array([.int(1), .int(2), .truncated(.init(reason: .collection, type: "Int", omitted: 2))]))
    let marker = TraceValue.truncated(.init(reason: .collection, type: "String", omitted: 1))
    #expect(captureValue([3: "c", 1: "a", 2: "b"], options: options) == .dictionary([
        .init(key: .int(1), value: .string("a")), .init(key: .int(2), value: .string("b")), .init(key: marker, value: marker),
    ]))
}

@Test func theNodeBudgetCollapsesTheRestOfACollectionIntoOneMarker() {
    let tree = captureValue(Array(0..<100), options: CaptureOptions(maximumNodes: 4))
    #expect(tree == .array([.int(0), .int(1), .int(2), .truncated(.init(reason: .size, type: "Int", omitted: 97))]))
}

@Test func aCustomRepresentationIsUsedAsIs() {
    #expect(captureValue([Money(cents: 1234)]) == .array([.scalar(type: "Money", text: "12.34")]))
}

@Test func anOptedInEncodableTypeIsCapturedThroughItsEncoderWithRedactedKeys() throws {
    let settings = Settings(theme: "dark", fontSize: 12, sessionToken: "s3cr3t", updated: Date(timeIntervalSince1970: 5), flags: ["b", "a"])
    let expected = TraceValue.structure(type: "Settings", fields: [
        .init("theme", .string("dark")), .init("fontSize", .int(12)), .init("sessionToken", .redacted(type: "String")),
        .init("updated", .date(5)), .init("flags", .set([.string("a"), .string("b")])),
    ])
    #expect(captureValue(settings) == expected)
    #expect(try captureEncodable(settings) == expected)
}

@Test func anyEncodableValueCanBeCapturedThroughTheEncoder() throws {
    struct Plain: Encodable { var a: [Int?]; var b: [String: Int] }
    let tree = try captureEncodable(Plain(a: [1, nil], b: ["y": 2, "x": 1]))
    #expect(tree == .structure(type: "Plain", fields: [
        .init("a", .array([.some(.int(1)), .none(type: "Int")])),
        .init("b", .dictionary([.init(key: .string("x"), value: .int(1)), .init(key: .string("y"), value: .int(2))])),
    ]))
}

@Test func weakFieldsAreCapturedThroughReflectionAsOptionals() {
    struct Holder { var id = 1; weak var node: Node? }
    let node = Node(name: "n")
    let tree = captureValue(Holder(node: node))
    #expect(tree == .structure(type: "Holder", fields: [
        .init("id", .int(1)),
        .init("node", .some(.reference(type: "Node", id: ObjectIdentities.id(of: node)))),
    ]))
    withExtendedLifetime(node) {}
}
