import Foundation
import Testing
import TraceFormat
@testable import StoreScope

// A change to a redacted value is recorded as a `set` of its redacted node: the tree stays as
// it was, the value stays out of the trace, and a reader sees that it changed (issue 8, item 10).

/// ``checkedPatch(_:_:options:)``, and that the patch holds none of the secrets.
private func checkedRedactedPatch<T>(_ old: T, _ new: T) throws -> [PatchOperation] {
    let patch = try checkedPatch(old, new)
    #expect(!patch.description.contains("two") && !patch.description.contains("hunter"))
    return patch
}

private struct SignIn {
    var user: String
    var token: (value: String, expires: Int)
}

@Test("A changed redacted field is set again to its redacted node, value still hidden")
func changedRedactedFieldsAreMarked() throws {
    let old = Credentials(user: "a", password: "one", apiKey: nil, card: Redacted("1"))
    var new = old
    new.password = "two"
    #expect(try checkedRedactedPatch(old, new) == [.set(path: [.field("password")], value: .redacted(type: "String"))])
    new = old
    new.apiKey = "hunter2"
    #expect(try checkedRedactedPatch(old, new) == [.set(path: [.field("apiKey")], value: .redacted(type: "Optional<String>"))])
}

@Test("A changed Redacted wrapper is set again to its redacted node")
func changedRedactedWrappersAreMarked() throws {
    let old = Credentials(user: "a", password: "one", apiKey: nil, card: Redacted("1"))
    var new = old
    new.card = Redacted("2")
    #expect(try checkedRedactedPatch(old, new) == [.set(path: [.field("card")], value: .redacted(type: "String"))])
    #expect(try checkedRedactedPatch([Redacted(1)], [Redacted(2)]) == [.set(path: [.index(0)], value: .redacted(type: "Int"))])
}

@Test("A changed value under a sensitive dictionary key is set again to its redacted node")
func changedRedactedDictionaryValuesAreMarked() throws {
    #expect(try checkedRedactedPatch(["token": "a", "x": "b"], ["token": "c", "x": "b"]) == [
        .set(path: [.key(.string("token"))], value: .redacted(type: "String")),
    ])
}

@Test("A redacted field is marked when only a part of its value changes")
func changedRedactedTupleFieldsAreMarked() throws {
    let old = SignIn(user: "a", token: (value: "one", expires: 1))
    var new = old
    new.token.expires = 2
    #expect(try checkedRedactedPatch(old, new) == [.set(path: [.field("token")], value: .redacted(type: "(value: String, expires: Int)"))])
}

@Test("An unchanged redacted value produces no operation, even when rebuilt or a NaN")
func unchangedRedactedValuesProduceNothing() throws {
    let old = Credentials(user: "a", password: String(repeating: "p", count: 40), apiKey: nil, card: Redacted("1"))
    var new = old
    new.user = "b"
    new.password = String(repeating: "p", count: 20) + String(repeating: "p", count: 20)  // other storage
    new.card = Redacted(String("1"))
    #expect(try checkedRedactedPatch(old, new) == [.set(path: [.field("user")], value: .string("b"))])
    #expect(try checkedRedactedPatch(["secret": Double.nan], ["secret": Double.nan]).isEmpty)
}

@Test("A redacted coding key of a value captured by encoding is marked when it changes")
func changedRedactedCodingKeysAreMarked() throws {
    let old = Settings(theme: "dark", fontSize: 12, sessionToken: "a", updated: Date(timeIntervalSince1970: 0), flags: ["x"])
    var new = old
    new.sessionToken = "b"
    #expect(try checkedRedactedPatch(old, new) == [.set(path: [.field("sessionToken")], value: .redacted(type: "String"))])
    #expect(try checkedRedactedPatch(old, old).isEmpty)
}

@Test("A redacted field is marked beside a class instance the same change replaced")
func changedRedactedFieldsBesideObjectsAreMarked() throws {
    struct Screen { var node: Node; var password: String }
    let old = Screen(node: Node(name: "n"), password: "one")
    var new = old
    new.password = "two"
    new.node = Node(name: "m")
    // A mutable instance is recorded by identity (its process-wide id), so replacing it sets
    // the reference; the redacted field beside it still leaves its mark.
    #expect(try checkedRedactedPatch(old, new) == [
        .set(path: [.field("node")], value: captureValue(new.node)), .set(path: [.field("password")], value: .redacted(type: "String")),
    ])
}
