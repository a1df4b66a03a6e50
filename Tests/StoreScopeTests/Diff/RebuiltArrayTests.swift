import Foundation
import Testing
import TraceFormat
@testable import StoreScope

// Rebuilt arrays (every element equal by `==`, none bitwise: a decoded response) reached where
// they are stored, as a state's field and nested in its elements, with one element changed.
// Patches of value elements are checked against the captures (`checkedPatch`, DiffTests.swift).

/// A fresh copy of a string's bytes: equal, in new storage (for strings longer than 15 bytes,
/// which are not stored inline).
private func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

private struct Account: Equatable, Identifiable {
    var id: Int
    var name: String
    var labels: [String]
    var owner: Owner?
}

private class Owner: Equatable {
    let name: String
    init(name: String) { self.name = name }
    static func == (a: Owner, b: Owner) -> Bool { a.name == b.name && type(of: a) == type(of: b) }
}

/// An owner of several people: a subclass among the owners of an array.
private final class Group: Owner {
    let size: Int
    init(size: Int) {
        self.size = size
        super.init(name: "a group of \(size) people, named for them")
    }
}

private struct Accounts: Equatable {
    var accounts: [Account]
    var note: String
}

private func accounts(_ count: Int) -> [Account] {
    (0..<count).map { Account(id: $0, name: "account number \($0) of the list", labels: ["l\($0 % 4)", "x"], owner: nil) }
}

private func rebuilt(_ accounts: [Account]) -> [Account] {
    accounts.map { Account(id: $0.id, name: fresh($0.name), labels: $0.labels.map(fresh), owner: $0.owner.map { Owner(name: fresh($0.name)) }) }
}

@Test("A rebuilt array in a state's field with one element changed gives that change only, first, last or between")
func rebuiltFieldWithOneChange() throws {
    for count in [1, 2, 9, 17, 40, 300] {
        let old = Accounts(accounts: accounts(count), note: "n")
        for position in Set([0, count / 2, count - 1]) {
            var new = Accounts(accounts: rebuilt(old.accounts), note: fresh(old.note))
            new.accounts[position].name = "renamed"
            #expect(try checkedPatch(old, new) == [
                .set(path: [.field("accounts"), .index(position), .field("name")], value: .string("renamed"))
            ], "\(count) \(position)")
            // A label changed in the array nested in the element, itself rebuilt.
            var label = Accounts(accounts: rebuilt(old.accounts), note: old.note)
            label.accounts[position].labels[1] = "y"
            #expect(try checkedPatch(old, label) == [
                .set(path: [.field("accounts"), .index(position), .field("labels"), .index(1)], value: .string("y"))
            ], "\(count) \(position)")
        }
    }
}

// Elements holding class instances: an element equal by `==` is unchanged, as the differ
// prunes with `==`, though its new instances would capture with new ids; so these patches
// are checked by their paths, not against the captures.

@Test("Rebuilt elements holding class instances: equal ones give no patch, an unequal one a patch at its place only")
func rebuiltElementsWithReferences() throws {
    let old = accounts(50).map { account -> Account in
        var account = account
        account.owner = Owner(name: "owner \(account.id)")
        return account
    }
    #expect(capturePatch(from: old, to: rebuilt(old)).isEmpty)
    var new = rebuilt(old)
    new[49].owner = Owner(name: "someone else")
    let patch = capturePatch(from: old, to: new)
    #expect(!patch.isEmpty)
    #expect(patch.allSatisfy { $0.path.starts(with: [.index(49)]) })
}

private enum Entry: Equatable {
    case text(String)
    case tagged(id: Int, tags: [String])
    case empty
}

private func entries(_ count: Int) -> [Entry] {
    (0..<count).map { $0 % 3 == 0 ? .text("entry number \($0) of the list") : $0 % 3 == 1 ? .tagged(id: $0, tags: ["a\($0)", "b"]) : .empty }
}

private func rebuilt(_ entries: [Entry]) -> [Entry] {
    entries.map {
        switch $0 {
        case let .text(text): .text(fresh(text))
        case let .tagged(id, tags): .tagged(id: id, tags: tags.map(fresh))
        case .empty: .empty
        }
    }
}

@Test("A rebuilt array of enums with payloads: a payload changed, a case changed, at either end")
func rebuiltEnumsWithPayloads() throws {
    let old = entries(60)
    #expect(try checkedPatch(old, rebuilt(old)).isEmpty)
    var payload = rebuilt(old)
    payload[58] = .tagged(id: 58, tags: ["a58", "c"])
    #expect(try checkedPatch(old, payload) == [.set(path: [.index(58), .field("tags"), .index(1)], value: .string("c"))])
    // One removed: the general diff after the typed scan.
    var removed = rebuilt(old)
    removed.remove(at: 30)
    #expect(try checkedPatch(old, removed) == [.remove(path: [.index(30)])])
    var kind = rebuilt(old)
    kind[0] = .empty
    let patch = try checkedPatch(old, kind)
    #expect(!patch.isEmpty)
    #expect(patch.allSatisfy { $0.path.starts(with: [.index(0)]) })
}

@Test("A rebuilt array of class instances, subclasses among them: the changed instance, at the last or the first place")
func rebuiltClassElements() throws {
    let old: [Owner] = (0..<40).map { $0 % 2 == 0 ? Owner(name: "owner number \($0) of the list") : Group(size: $0) }
    let rebuilt: [Owner] = old.map { ($0 as? Group).map { Group(size: $0.size) } ?? Owner(name: fresh($0.name)) }
    #expect(capturePatch(from: old, to: rebuilt).isEmpty)
    for position in [0, 39] {
        var new = rebuilt
        new[position] = Owner(name: "changed")
        let patch = capturePatch(from: old, to: new)
        #expect(!patch.isEmpty)
        #expect(patch.allSatisfy { $0.path.starts(with: [.index(position)]) }, "\(position)")
    }
}

/// Counts the calls of its `==`, to see how a walk compared a run. Used by one test only.
private struct Counted: Equatable {
    nonisolated(unsafe) static var comparisons = 0
    var id: Int
    var name: String

    static func == (a: Counted, b: Counted) -> Bool {
        comparisons += 1
        return a.id == b.id && a.name == b.name
    }
}

@Test("A copy whose first elements were replaced by equal values goes back to blocks past them: == is called on few elements")
func replacedFirstElementsThenBlocks() throws {
    let old = (0..<2_000).map { Counted(id: $0, name: "the name of element \($0)") }
    var new = old
    for index in 0..<20 { new[index] = Counted(id: index, name: fresh(old[index].name)) }
    new[1_999].name = "changed"
    Counted.comparisons = 0
    let patch = capturePatch(from: old, to: new)
    #expect(patch == [.set(path: [.index(1_999), .field("name")], value: .string("changed"))])
    // The 20 replaced elements and a few after them, not the 2,000.
    #expect(Counted.comparisons < 100, "\(Counted.comparisons)")
}

@Test("Arrays of element types diffed before and of types met for the first time give the same patches")
func typesSeenBeforeAndNew() throws {
    struct FirstSeen: Equatable, Identifiable {
        var id: Int
        var title: String
        var marks: [String]
    }
    let old = (0..<30).map { FirstSeen(id: $0, title: "t\($0)", marks: ["m"]) }
    var new = old.map { FirstSeen(id: $0.id, title: fresh($0.title), marks: $0.marks.map(fresh)) }
    new[29].marks.append("n")
    var patcher = StatePatcher(options: .default)
    let expected: [PatchOperation] = [.insert(path: [.index(29), .field("marks"), .index(1)], value: .string("n"))]
    // The first diff builds the element type's traits; the second finds them.
    #expect(patcher.patch(from: old, to: new) == expected)
    #expect(patcher.patch(from: old, to: new) == expected)
    #expect(try checkedPatch(old, new) == expected)
}

@Test("Rebuilt arrays at and past the capture depth give no patch, one above it the change")
func rebuiltArraysAtTheDepthLimit() throws {
    let old = Accounts(accounts: accounts(12), note: "n")
    var new = Accounts(accounts: rebuilt(old.accounts), note: old.note)
    new.accounts[11].labels[0] = "changed"
    // The labels array sits at depth 3 (state, accounts, element, labels).
    for depth in 0...4 {
        let patch = try checkedPatch(old, new, options: CaptureOptions(maximumDepth: depth))
        #expect(patch.isEmpty == (depth < 4), "\(depth)")
    }
}
