import Testing
@testable import StoreScope
import TraceFormat

// Regression tests for issue 8 item 3 beyond the layout fast path: values whose fields hold a
// metatype but which are not read through a struct layout (a struct with a `weak` or
// `unowned` field, an immutable class) are recorded from the declared type, never reflected.

private final class Owner {
    let name: String
    init(_ name: String) { self.name = name }
}

/// A `weak` field keeps the struct off the layout path.
private struct WeakOwnerAndKind {
    weak var owner: Owner?
    var kind: Int.Type?
    var exact: Int.Type
    var pair: (Any.Type, Int)
    var token: Int.Type?
    var n: Int
}

/// The same fields without the `weak` one, read through the layout: the twin is the point, the
/// two paths must record the fields alike.
private struct StrongKind {
    var kind: Int.Type?
    var exact: Int.Type
    var pair: (Any.Type, Int)
    var token: Int.Type?
    var n: Int
}

private struct UnownedOwnerAndKind {
    unowned let owner: Owner
    var kind: Int.Type?
    var n: Int
}

private final class ImmutableKinds {
    let kind: Int.Type? = Int.self
    let pair: (Any.Type, Int) = (String.self, 4)
    let label = "x"
}

private enum IndirectKind { indirect case k(Int.Type?, Int); case n(Int) }
private indirect enum IndirectKinds { case k(Int.Type, label: String), n }

private let unrecorded = MetatypeFields.unrecordedText

private func metatypeFields(n: Int) -> [TraceValue.Field] {
    [
        .init("kind", .scalar(type: "Optional<Int.Type>", text: unrecorded)),
        .init("exact", .scalar(type: "Int.Type", text: "Int")),
        .init("pair", .scalar(type: "(Any.Type, Int)", text: unrecorded)),
        .init("token", .redacted(type: "Optional<Int.Type>")),
        .init("n", .int(Int64(n))),
    ]
}

@Test func aStructWithAWeakFieldRecordsItsMetatypeFieldsAsTheLayoutPathDoes() {
    let owner = Owner("o")
    let ownerNode = TraceValue.object(type: "Owner", id: ObjectIdentities.id(of: owner), fields: [.init("name", .string("o"))])
    for kind in [Int.self, nil] as [Int.Type?] {
        let value = WeakOwnerAndKind(owner: owner, kind: kind, exact: Int.self, pair: (String.self, 1), token: kind, n: 5)
        #expect(captureValue(value) == .structure(type: "WeakOwnerAndKind", fields: [.init("owner", .some(ownerNode))] + metatypeFields(n: 5)))
        let strong = StrongKind(kind: kind, exact: Int.self, pair: (String.self, 1), token: kind, n: 5)
        #expect(captureValue(strong) == .structure(type: "StrongKind", fields: metatypeFields(n: 5)))
        // Boxed in an `Any` and nested in an array: the same node.
        #expect(captureValue([value] as [Any]) == .array([captureValue(value)]))
    }
    withExtendedLifetime(owner) {}
}

@Test func patchesOfAStructWithAWeakAndAMetatypeFieldRebuildItsCaptures() throws {
    let first = Owner("a"), second = Owner("b")
    let old = WeakOwnerAndKind(owner: first, kind: Int.self, exact: Int.self, pair: (String.self, 1), token: nil, n: 1)
    var new = old
    new.n = 2
    #expect(try checkedPatch(old, new) == [.set(path: [.field("n")], value: .int(2))])
    // A changed metatype is never read, so it is no change.
    new.kind = nil
    new.pair = (Int.self, 9)
    new.token = Int.self
    #expect(try checkedPatch(old, new) == [.set(path: [.field("n")], value: .int(2))])
    new.owner = second
    let patch = try checkedPatch(old, new)
    #expect(patch.count == 2)
    _ = try checkedPatch([old, new], [new])
    withExtendedLifetime((first, second)) {}
}

@Test func aStructWithAnUnownedFieldRecordsItsMetatypeFieldFromItsType() throws {
    let owner = Owner("u")
    let value = UnownedOwnerAndKind(owner: owner, kind: Int.self, n: 3)
    #expect(captureValue(value) == .structure(type: "UnownedOwnerAndKind", fields: [
        .init("owner", .object(type: "Owner", id: ObjectIdentities.id(of: owner), fields: [.init("name", .string("u"))])),
        .init("kind", .scalar(type: "Optional<Int.Type>", text: unrecorded)), .init("n", .int(3)),
    ]))
    var changed = value
    changed.n = 4
    #expect(try checkedPatch(value, changed) == [.set(path: [.field("n")], value: .int(4))])
    withExtendedLifetime(owner) {}
}

@Test func anImmutableClassRecordsItsMetatypeFieldsFromTheirTypes() {
    let value = ImmutableKinds()
    #expect(captureValue(value) == .object(type: "ImmutableKinds", id: ObjectIdentities.id(of: value), fields: [
        .init("kind", .scalar(type: "Optional<Int.Type>", text: unrecorded)),
        .init("pair", .scalar(type: "(Any.Type, Int)", text: unrecorded)),
        .init("label", .string("x")),
    ]))
}

@Test func indirectCasesWithMetatypePayloadsAreRecordedFromTheirTypesNotMisread() throws {
    // Reflection read `.k(Int.self, 3)` through its box as `.k(nil, 3)`.
    let boxed = IndirectKind.k(Int.self, 3)
    #expect(captureValue(boxed) == .enumeration(type: "IndirectKind", caseName: "k", payload: [
        .init("", .scalar(type: "Optional<Int.Type>", text: unrecorded)), .init("", .scalar(type: "Int", text: unrecorded)),
    ]))
    #expect(captureValue(IndirectKinds.k(Int.self, label: "a")) == .enumeration(type: "IndirectKinds", caseName: "k", payload: [
        .init("", .scalar(type: "Int.Type", text: "Int")), .init("label", .scalar(type: "String", text: unrecorded)),
    ]))
    #expect(try checkedPatch(boxed, IndirectKind.k(nil, 4)).isEmpty)
    #expect(try checkedPatch(boxed, IndirectKind.n(1)) == [.set(path: [], value: captureValue(IndirectKind.n(1)))])
    _ = try checkedPatch([IndirectKinds.n, .k(Int.self, label: "a")], [IndirectKinds.k(Int.self, label: "b")])
    #expect(captureValue([boxed] as [Any]) == .array([captureValue(boxed)]))
}
