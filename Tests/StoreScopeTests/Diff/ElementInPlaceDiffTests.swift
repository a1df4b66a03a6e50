import Foundation
import Testing
import TraceFormat
@testable import StoreScope

// A changed element of an array of structs or enums is diffed where the array stores it
// (no copy into an `Any`), and elements whose ids are the same in the same order are matched by
// position after comparing the ids typed. Each patch is checked against the captures
// (`checkedPatch`, DiffTests.swift), in copied and in rebuilt arrays (equal elements in storage
// of their own, as a decoded response gives them), with the change first, in the middle, last,
// and after an insertion (old and new positions differ).

private struct Address: Equatable {
    var city: String
    var zip: Int
}

private enum Plan: Equatable {
    case free
    case paid(seats: Int, note: String?)
}

private struct Member: Identifiable, Equatable {
    var id: Int
    var name: String
    var address: Address
    var plan: Plan
    var nickname: String?
    var tags: [String]
}

private func members(_ count: Int) -> [Member] {
    (0..<count).map {
        Member(
            id: $0, name: "member \($0) with a long enough name", address: Address(city: "City \($0 % 5)", zip: 1000 + $0),
            plan: $0 % 2 == 0 ? .free : .paid(seats: $0, note: nil), nickname: nil, tags: ["t\($0 % 3)"])
    }
}

/// Equal members in new storage: every string and array allocated anew.
private func rebuilt(_ members: [Member]) -> [Member] {
    func fresh(_ string: String) -> String { String(decoding: Array(string.utf8), as: UTF8.self) }
    return members.map { member in
        var copy = member
        copy.name = fresh(member.name)
        copy.address.city = fresh(member.address.city)
        copy.tags = member.tags.map(fresh)
        if case let .paid(seats, note) = member.plan { copy.plan = .paid(seats: seats, note: note.map(fresh)) }
        return copy
    }
}

/// Changes to one member: what, how, the path below the element, the new leaf.
private let changes: [(String, @Sendable (inout Member) -> Void, [PathComponent], @Sendable (Member) -> TraceValue)] = [
    ("name", { $0.name = "renamed" }, [.field("name")], { captureValue($0.name) }),
    ("nested struct", { $0.address.zip = -1 }, [.field("address"), .field("zip")], { captureValue($0.address.zip) }),
    ("nested string", { $0.address.city = "Elsewhere" }, [.field("address"), .field("city")], { captureValue($0.address.city) }),
    ("optional", { $0.nickname = "nick" }, [.field("nickname")], { captureValue($0.nickname) }),
    ("tags", { $0.tags[0] = "changed" }, [.field("tags"), .index(0)], { captureValue($0.tags[0]) }),
]

@Test("One changed element is diffed in place to one set, at any position, in copied and rebuilt arrays")
func changedElementIsDiffedInPlace() throws {
    let old = members(80)
    for position in [0, 1, 40, 79] {
        for isRebuilt in [false, true] {
            for (what, change, path, leaf) in changes {
                var new = isRebuilt ? rebuilt(old) : old
                change(&new[position])
                let patch = try checkedPatch(old, new)
                #expect(patch == [.set(path: [.index(position)] + path, value: leaf(new[position]))], "\(what) at \(position), rebuilt \(isRebuilt)")
            }
        }
    }
}

@Test("An enum element's case or payload change is diffed in place")
func enumElementChangesAreDiffedInPlace() throws {
    let old = members(10)
    var new = rebuilt(old)
    new[3].plan = .paid(seats: 99, note: nil)  // payload changed
    new[4].plan = .paid(seats: 1, note: "n")  // case changed
    let patch = try checkedPatch(old, new)
    #expect(patch.count == 2)
    #expect(patch.first == .set(path: [.index(3), .field("plan"), .field("seats")], value: .int(99)))
    #expect(patch.last?.path.starts(with: [.index(4), .field("plan")]) == true)
}

@Test("After an insertion the changed element is read at its old index and recorded at its new one")
func elementsMatchedByIdAcrossAnInsertion() throws {
    let old = members(40)
    for isRebuilt in [false, true] {
        var new = isRebuilt ? rebuilt(old) : old
        new[25].address.zip = 7
        new.insert(Member(id: 1000, name: "new", address: Address(city: "X", zip: 1), plan: .free, nickname: nil, tags: []), at: 10)
        let patch = try checkedPatch(old, new)
        #expect(patch.count == 2, "\(isRebuilt)")
        #expect(patch.first?.path == [.index(10)], "\(isRebuilt)")
        #expect(patch.last == .set(path: [.index(26), .field("address"), .field("zip")], value: .int(7)), "\(isRebuilt)")
    }
}

@Test("An element replaced by one with another id at the same place is not matched as the same element")
func sameCountOtherIdIsReplaced() throws {
    let old = members(20)
    var new = rebuilt(old)
    new[7].id = 500
    new[12].name = "renamed"
    let patch = try checkedPatch(old, new)
    // Matched by id: the old 7 removed, the new 500 inserted, the rename of 12 in place.
    #expect(patch.contains(.remove(path: [.index(7)])))
    #expect(patch.contains(.set(path: [.index(12), .field("name")], value: .string("renamed"))))
    #expect(!patch.contains { $0.path == [.index(7), .field("id")] })
}

@Test("Elements equal by their own == but not bitwise give no operation; depth limits hold in place")
func inPlaceDiffKeepsPruningAndDepth() throws {
    struct Loose: Equatable {
        var id: Int
        var scratch: String
        static func == (lhs: Loose, rhs: Loose) -> Bool { lhs.id == rhs.id }
    }
    let old = (0..<40).map { Loose(id: $0, scratch: "scratch \($0) long enough for the heap") }
    var new = old.map { Loose(id: $0.id, scratch: String(decoding: Array($0.scratch.utf8), as: UTF8.self)) }
    new[20].scratch = "ignored by =="
    // What `==` calls equal is unchanged (capturePatch's documented limitation), in place too.
    #expect(capturePatch(from: old, to: new).isEmpty)

    let shallow = CaptureOptions(maximumDepth: 2)
    let deepOld = members(10)
    var deepNew = rebuilt(deepOld)
    deepNew[5].address.zip = 0  // below the depth limit: captured as truncated in both
    deepNew[6].name = "renamed"  // at the limit's edge
    let patch = try checkedPatch(deepOld, deepNew, options: shallow)
    #expect(!patch.contains { $0.path.count > 2 })
}

@Test("Elements of a class type are still diffed by identity, not in place")
func classElementsAreNotReadInPlace() throws {
    final class Box: Equatable {
        let value: Int
        init(_ value: Int) { self.value = value }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
    }
    let old = (0..<10).map(Box.init)
    var new = old
    new[4] = Box(40)
    let patch = try checkedPatch(old, new)
    #expect(patch.count >= 1)
    #expect(patch.allSatisfy { $0.path.first == .index(4) })
}
