import Foundation
import Testing
@testable import StoreScope

private struct User: Equatable, Identifiable {
    var id: Int
    var name: String
}

private struct Directory: Equatable {
    var users: [User]
    var isLoading = false
    var scores: [String: Int] = [:]
    var labels: Set<String> = []
}

private func users(_ ids: [Int]) -> [User] { ids.map { User(id: $0, name: "u\($0)") } }

/// Asserts that the patch rebuilds the new capture from the old one, and returns the patch.
func checkedPatch<T>(_ old: T, _ new: T, options: CaptureOptions = .default) throws -> [PatchOperation] {
    let patch = capturePatch(from: old, to: new, options: options)
    var tree = captureValue(old, options: options)
    try tree.apply(patch)
    #expect(tree == captureValue(new, options: options))
    return patch
}

@Test func equalStatesProduceNoOperations() throws {
    let state = Directory(users: users(Array(0..<100)))
    #expect(try checkedPatch(state, state).isEmpty)
}

@Test func aScalarChangeIsOneSetAtItsPath() throws {
    let old = Directory(users: users([1, 2]))
    var new = old
    new.isLoading = true
    #expect(try checkedPatch(old, new) == [.set(path: [.field("isLoading")], value: .bool(true))])
}

@Test func anInsertAtTheFrontOfIdentifiableElementsIsOneInsert() throws {
    let old = Directory(users: users(Array(1...50)))
    var new = old
    new.users.insert(User(id: 0, name: "new"), at: 0)
    #expect(try checkedPatch(old, new) == [.insert(path: [.field("users"), .index(0)], value: captureValue(User(id: 0, name: "new")))])
}

@Test func anInsertAtTheFrontOfPlainElementsIsStillOneInsert() throws {
    #expect(try checkedPatch(Array(1...50), [0] + Array(1...50)) == [.insert(path: [.index(0)], value: .int(0))])
}

@Test func aRenamedElementIsOneSetOfItsField() throws {
    let old = Directory(users: users(Array(1...50)))
    var new = old
    new.users[20].name = "Ada"
    #expect(try checkedPatch(old, new) == [.set(path: [.field("users"), .index(20), .field("name")], value: .string("Ada"))])
}

@Test func aRemovedElementIsOneRemove() throws {
    let old = users(Array(1...50))
    var new = old
    new.remove(at: 10)
    #expect(try checkedPatch(old, new) == [.remove(path: [.index(10)])])
}

@Test func aReorderedIdentifiableElementIsAMoveNotAChainOfSets() throws {
    let old = users([1, 2, 3, 4, 5])
    let new = users([1, 4, 2, 3, 5])
    #expect(try checkedPatch(old, new) == [.move(path: [.index(3)], to: 1)])
}

@Test func dictionaryChangesAreKeyedAndInCanonicalKeyOrder() throws {
    let old = ["b": 2, "a": 1, "d": 4]
    let new = ["c": 3, "a": 10, "d": 4]
    #expect(try checkedPatch(old, new) == [
        .set(path: [.key(.string("a"))], value: .int(10)),
        .remove(path: [.key(.string("b"))]),
        .set(path: [.key(.string("c"))], value: .int(3)),
    ])
}

@Test func setChangesAreRemovalsThenInsertions() throws {
    #expect(try checkedPatch(Set([1, 2, 3]), Set([2, 3, 4])) == [
        .remove(path: [.key(.int(1))]), .insert(path: [.key(.int(4))], value: .int(4)),
    ])
}

@Test func enumPayloadChangesDescendIntoTheSameCase() throws {
    #expect(try checkedPatch(Status.failed("a", code: 1), Status.failed("a", code: 2)) == [.set(path: [.field("code")], value: .int(2))])
    #expect(try checkedPatch(Status.failed("a", code: 1), Status.failed("b", code: 1)) == [.set(path: [.index(0)], value: .string("b"))])
    #expect(try checkedPatch(Status.idle, Status.loading(progress: 1)) == [.set(path: [], value: captureValue(Status.loading(progress: 1)))])
}

@Test func optionalChangesGoThroughTheSomeStep() throws {
    let old = Profile(id: 1, name: "a", tags: [], status: .loading(progress: 0.1))
    var new = old
    new.status = .loading(progress: 0.2)
    #expect(try checkedPatch(old, new) == [.set(path: [.field("status"), .some, .field("progress")], value: .double(0.2))])
    new.status = nil
    #expect(try checkedPatch(old, new) == [.set(path: [.field("status")], value: .none(type: "Status"))])
}


@Test func aFrontInsertIntoAFullWindowPushesOneElementOutAndUpdatesTheMarker() throws {
    let options = CaptureOptions(maximumCollectionCount: 3)
    let old = users([1, 2, 3, 4, 5])
    #expect(try checkedPatch(old, users([0, 1, 2, 3, 4, 5]), options: options) == [
        .insert(path: [.index(0)], value: captureValue(User(id: 0, name: "u0"))),
        .remove(path: [.index(3)]),
        .set(path: [.index(3)], value: .truncated(.init(reason: .collection, type: "User", omitted: 3))),
    ])
    _ = try checkedPatch(old, users([1, 2]), options: options)
    _ = try checkedPatch(users([1]), old, options: options)
}

@Test func depthTruncatedSubtreesProduceNoOperations() throws {
    let options = CaptureOptions(maximumDepth: 1)
    let old = Directory(users: users([1]))
    var new = old
    new.users[0].name = "deep"
    #expect(try checkedPatch(old, new, options: options).isEmpty)
}

@Test func statesHoldingClassInstancesFallBackToFullCapturesAndStayExact() throws {
    struct Graph { var nodes: [Node]; var title: String }
    let shared = Node(name: "s")
    let old = Graph(nodes: [shared, Node(name: "a")], title: "t")
    let new = Graph(nodes: [Node(name: "b"), shared, shared], title: "t")
    let patch = try checkedPatch(old, new)
    #expect(!patch.isEmpty)
}

@Test func encodedAndCustomTypesAreDiffedOnTheirTrees() throws {
    let old = Settings(theme: "dark", fontSize: 12, sessionToken: "a", updated: Date(timeIntervalSince1970: 0), flags: ["x"])
    var new = old
    new.fontSize = 14
    new.sessionToken = "b"
    #expect(try checkedPatch(old, new) == [
        .set(path: [.field("fontSize")], value: .int(14)), .set(path: [.field("sessionToken")], value: .redacted(type: "String")),
    ])
    #expect(try checkedPatch([Money(cents: 1)], [Money(cents: 250)]) == [.set(path: [.index(0)], value: .scalar(type: "Money", text: "2.50"))])
}
