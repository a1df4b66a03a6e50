import Foundation
import Testing
import TraceFormat
@testable import StoreScope

// The equal prefix and suffix of two arrays, found a block of bitwise-identical elements at a
// time and element by element with `==` where the bytes differ (rebuilt elements).

private struct Member: Equatable {
    var id: Int
    var email: String
    var tags: [String]
}

private func members(_ count: Int) -> [Member] {
    (0..<count).map { Member(id: $0, email: "member\($0)@example.com", tags: ["t\($0 % 3)"]) }
}

/// Equal members in new storage, as decoding a response builds them.
private func rebuilt(_ members: [Member]) -> [Member] {
    members.map { Member(id: $0.id, email: String(decoding: Array($0.email.utf8), as: UTF8.self), tags: $0.tags.map { String(decoding: Array($0.utf8), as: UTF8.self) }) }
}

@Test("One changed element is found at any position, in copied and in rebuilt arrays")
func oneChangeIsFoundAtEveryPosition() throws {
    let old = members(100)
    for position in [0, 1, 31, 32, 33, 63, 64, 67, 98, 99] {
        for isRebuilt in [false, true] {
            var new = isRebuilt ? rebuilt(old) : old
            new[position].email = "changed"
            let patch = capturePatch(from: old, to: new)
            #expect(patch == [.set(path: [.index(position), .field("email")], value: .string("changed"))], "\(position) \(isRebuilt)")
        }
    }
}

@Test("Past a run of rebuilt elements the walk compares by == alone, and still finds a change among copied ones beyond it")
func changeAfterRebuiltRunIsFound() throws {
    let old = members(400)
    for position in [10, 45, 150, 260, 399] {
        // The first half rebuilt (equal, not bitwise), the rest copied (bitwise equal).
        var new = rebuilt(Array(old[..<200])) + old[200...]
        new[position].email = "changed"
        #expect(capturePatch(from: old, to: new) == [.set(path: [.index(position), .field("email")], value: .string("changed"))], "\(position)")
    }
}

@Test("Rebuilt equal arrays produce no operations, and an insertion in one is one insert")
func rebuiltEqualArraysAreUnchanged() throws {
    let old = members(70)
    #expect(capturePatch(from: old, to: rebuilt(old)).isEmpty)
    var new = rebuilt(old)
    new.insert(Member(id: -1, email: "new", tags: []), at: 40)
    #expect(capturePatch(from: old, to: new) == [.insert(path: [.index(40)], value: captureValue(Member(id: -1, email: "new", tags: [])))])
}

@Test("Arrays of empty values are compared with their own ==")
func zeroSizedElementsAreCompared() throws {
    struct Empty: Equatable {}
    #expect(capturePatch(from: Array(repeating: Empty(), count: 40), to: Array(repeating: Empty(), count: 41)).count == 1)
    #expect(capturePatch(from: Array(repeating: Empty(), count: 40), to: Array(repeating: Empty(), count: 40)).isEmpty)
}

@Test("A struct's == is not consulted when only its collections changed")
func structEqualityDoesNotHideCollectionChanges() throws {
    struct Inbox: Equatable {
        var count: Int
        var messages: [String]
        static func == (lhs: Inbox, rhs: Inbox) -> Bool { lhs.count == rhs.count }
    }
    let old = Inbox(count: 1, messages: ["a"])
    let new = Inbox(count: 1, messages: ["b"])
    #expect(capturePatch(from: old, to: new) == [.set(path: [.field("messages"), .index(0)], value: .string("b"))])
    #expect(capturePatch(from: old as Any, to: new as Any) == capturePatch(from: old, to: new))
}

private struct Unequatable {
    var id: Int
}

private struct Identified: Identifiable, Equatable {
    var id: Int
    var name: String
}

@Test("An array type's typed element comparisons are found once, with its traits, and only where its elements allow")
func elementComparisonsAreFoundWithTheTraits() throws {
    #expect(TypeTraits.of(type: [Member].self).equatableElements != nil)
    #expect(TypeTraits.of(type: [Member].self).identifiedElements == nil)
    #expect(TypeTraits.of(type: [Identified].self).equatableElements != nil)
    #expect(TypeTraits.of(type: [Identified].self).identifiedElements != nil)
    #expect(TypeTraits.of(type: [Unequatable].self).equatableElements == nil)
    #expect(TypeTraits.of(type: [Unequatable].self).identifiedElements == nil)
    #expect(TypeTraits.of(type: Member.self).equatableElements == nil)
    // Through them, a diff still matches by id and compares typed.
    let old = (0..<40).map { Identified(id: $0, name: "n\($0)") }
    var new = old
    new.insert(Identified(id: 99, name: "new"), at: 20)
    new[35].name = "renamed"
    #expect(
        capturePatch(from: old, to: new)
            == [.insert(path: [.index(20)], value: captureValue(new[20])), .set(path: [.index(35), .field("name")], value: .string("renamed"))])
    #expect(capturePatch(from: [Unequatable(id: 1)], to: [Unequatable(id: 2)]) == [.set(path: [.index(0), .field("id")], value: .int(2))])
}
