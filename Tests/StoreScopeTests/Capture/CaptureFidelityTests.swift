import Foundation
import Testing
@testable import StoreScope
import TraceFormat

// Regression tests for the capture-fidelity items of the recorder audit (issue 8): values
// holding metatypes, class instances, value types that mirror as classes, Foundation types,
// and the default limits.

// MARK: - Metatypes

private struct OptionalMetatype { var a: Int.Type?; var b: Int }
private struct TupleMetatype { var t: (Int.Type, Int); var after: String }
private enum MetatypePayloads { case t(Int.Type), a(Any.Type, Int), n }
private final class MetatypeHolder { let kind: Int.Type = Int.self; let label = "x" }

private let unrecorded = MetatypeFields.unrecordedText

@Test func aFieldHoldingAnOptionalMetatypeIsRecordedFromItsTypeAndItsNeighboursExactly() throws {
    let some = OptionalMetatype(a: Int.self, b: 1), none = OptionalMetatype(a: nil, b: 2)
    for (value, b) in [(some, 1), (none, 2)] {
        #expect(captureValue(value) == .structure(type: "OptionalMetatype", fields: [
            .init("a", .scalar(type: "Optional<Int.Type>", text: unrecorded)), .init("b", .int(Int64(b))),
        ]))
    }
    #expect(try checkedPatch(some, none) == [.set(path: [.field("b")], value: .int(2))])
}

@Test func aTupleFieldHoldingAMetatypeNeitherCrashesNorHidesTheOtherFields() throws {
    let value = TupleMetatype(t: (Int.self, 7), after: "kept")
    #expect(captureValue(value) == .structure(type: "TupleMetatype", fields: [
        .init("t", .scalar(type: "(Int.Type, Int)", text: unrecorded)), .init("after", .string("kept")),
    ]))
    var changed = value
    changed.after = "new"
    #expect(try checkedPatch(value, changed) == [.set(path: [.field("after")], value: .string("new"))])
}

@Test func enumCasesWithMetatypePayloadsKeepTheirNamesAndNeverReadThePayload() throws {
    #expect(captureValue(MetatypePayloads.t(Int.self)) == .enumeration(
        type: "MetatypePayloads", caseName: "t", payload: [.init("", .scalar(type: "Int.Type", text: "Int"))]))
    #expect(captureValue(MetatypePayloads.a(String.self, 3)) == .enumeration(type: "MetatypePayloads", caseName: "a", payload: [
        .init("", .scalar(type: "Any.Type", text: unrecorded)), .init("", .scalar(type: "Int", text: unrecorded)),
    ]))
    #expect(captureValue(MetatypePayloads.n) == .enumeration(type: "MetatypePayloads", caseName: "n", payload: []))
    _ = try checkedPatch([MetatypePayloads.n, .t(Int.self)], [MetatypePayloads.a(Int.self, 1), .n])
    // The same values boxed, and in a struct field: every path stays off the payload.
    #expect(captureValue([MetatypePayloads.t(Int.self)] as [Any]) == .array([captureValue(MetatypePayloads.t(Int.self))]))
}

@Test func metatypeValuesInHandAreRecordedByTheirName() {
    #expect(captureValue(Int.self) == .scalar(type: "Int.Type", text: "Int"))
    #expect(captureValue([String.self, Int.self] as [Any.Type]) == .array([
        .scalar(type: "String.Type", text: "String"), .scalar(type: "Int.Type", text: "Int"),
    ]))
    let holder = MetatypeHolder()
    #expect(captureValue(holder) == .object(type: "MetatypeHolder", id: ObjectIdentities.id(of: holder), fields: [
        .init("kind", .scalar(type: "Int.Type", text: "Int")), .init("label", .string("x")),
    ]))
}

// MARK: - Object identity

private final class Author {
    let name: String
    init(_ name: String) { self.name = name }
}

private struct Pair { var a: Author?; var b: Author }

@Test func aNewObjectLeavesTheIdsOfTheOthersAloneAndItsPatchTouchesOnlyItsField() throws {
    let bob = Author("bob")
    let old = Pair(a: nil, b: bob)
    var new = old
    let ann = Author("ann")
    new.a = ann
    let bobID = ObjectIdentities.id(of: bob), annID = ObjectIdentities.id(of: ann)
    #expect(try checkedPatch(old, new) == [
        .set(path: [.field("a")], value: .some(.object(type: "Author", id: annID, fields: [.init("name", .string("ann"))]))),
    ])
    let bobNode = TraceValue.object(type: "Author", id: bobID, fields: [.init("name", .string("bob"))])
    #expect(captureValue(old) == .structure(type: "Pair", fields: [.init("a", .none(type: "Author")), .init("b", bobNode)]))
    #expect(captureValue(new).childField("b") == bobNode)
}

@Test func anImmutableInstanceSharedTwiceIsRecordedInFullBothTimesUnderOneId() throws {
    let shared = Author("s")
    let node = TraceValue.object(type: "Author", id: ObjectIdentities.id(of: shared), fields: [.init("name", .string("s"))])
    #expect(captureValue([shared, shared]) == .array([node, node]))
    // Another instance with equal contents is another object.
    let twin = Author("s")
    #expect(try checkedPatch([shared], [twin]) == [.set(path: [.index(0)], value: captureValue(twin))])
}

@Test func aFreedInstanceNeverLendsItsIdToALaterOne() {
    var ids = Set<UInt64>()
    for _ in 0..<200 {
        let author = Author("a")
        ids.insert(ObjectIdentities.id(of: author))
    }
    #expect(ids.count == 200)
}

extension TraceValue {
    /// The value of the field `name` of a structure or object.
    fileprivate func childField(_ name: String) -> TraceValue? {
        switch self {
        case let .structure(_, fields), let .object(_, _, fields): fields.first { $0.name == name }?.value
        default: nil
        }
    }
}

// MARK: - Value types that mirror as classes

private struct ClassStyled: CustomReflectable {
    var v: Int
    var customMirror: Mirror { Mirror(self, children: ["v": v], displayStyle: .class) }
}

@Test func aValueTypeWhoseMirrorSaysClassGetsNoIdentity() throws {
    let tree = captureValue((0..<4).map { ClassStyled(v: $0) })
    #expect(tree == .array((0..<4).map { .structure(type: "ClassStyled", fields: [.init("v", .int(Int64($0)))]) }))
    #expect(try checkedPatch([ClassStyled(v: 1)], [ClassStyled(v: 2)]) == [.set(path: [.index(0), .field("v")], value: .int(2))])
}

// MARK: - Foundation types

@Test func foundationValuesAreCapturedByWhatTheyMean() {
    #expect(captureValue(TimeZone(identifier: "Europe/Paris")!) == .scalar(type: "TimeZone", text: "Europe/Paris"))
    #expect(captureValue(Locale(identifier: "fr_FR")) == .scalar(type: "Locale", text: "fr_FR"))
    #expect(captureValue(CharacterSet(charactersIn: "abcx")) == .scalar(type: "CharacterSet", text: "U+0061-U+0063 U+0078"))
    #expect(captureValue(IndexSet([1, 2, 5])) == .scalar(type: "IndexSet", text: "1..<3, 5..<6"))
    #expect(captureValue(IndexPath(indexes: [1, 2])) == .array([.int(1), .int(2)]))
    #expect(captureValue(Measurement(value: 3, unit: UnitLength.meters)) == .scalar(type: "Measurement<UnitLength>", text: "3.0 m"))
    #expect(captureValue(NSNumber(value: 3)) == .int(3))
    #expect(captureValue(NSNumber(value: UInt64.max)) == .uint(UInt64.max))
    #expect(captureValue(NSNumber(value: 2.5)) == .double(2.5))
    #expect(captureValue(NSNumber(value: true)) == .bool(true))
    #expect(captureValue(NSString(string: "hi")) == .string("hi"))
    #expect(captureValue(NSArray(array: [1, "a"])) == .array([.int(1), .string("a")]))
    #expect(captureValue(NSDictionary(dictionary: ["k": 1])) == .dictionary([.init(key: .string("k"), value: .int(1))]))
    let calendar = Calendar(identifier: .gregorian)
    guard case let .structure(type, fields) = captureValue(calendar) else {
        Issue.record("a calendar is a structure")
        return
    }
    #expect(type == "Calendar")
    #expect(fields.first == .init("identifier", .scalar(type: "Calendar.Identifier", text: "gregorian")))
}

@Test func jsonObjectsFromJSONSerializationAreCapturedAsTheirValues() throws {
    let object = try JSONSerialization.jsonObject(with: Data(#"{"a": [true, 1, 2.5, "s", null]}"#.utf8))
    #expect(captureValue(object) == .dictionary([.init(key: .string("a"), value: .array([
        .bool(true), .int(1), .double(2.5), .string("s"), .scalar(type: "NSNull", text: "null"),
    ]))]))
}

@Test func foundationValuesCaptureAlikeEveryTimeAndWithoutAddresses() {
    struct Settings { var zone: TimeZone; var allowed: CharacterSet; var count: NSNumber; var locale: Locale; var calendar: Calendar }
    func make() -> Settings {
        Settings(
            zone: TimeZone(identifier: "America/New_York")!, allowed: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_")),
            count: NSNumber(value: 4), locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .iso8601))
    }
    let first = captureValue(make()), second = captureValue(make())
    #expect(first == second)
    #expect(capturePatch(from: make(), to: make()).isEmpty)
    #expect(!first.description.contains("0x"))
}

@Test func mutableFoundationObjectsAreRecordedByIdentityOnly() {
    let text = NSMutableString(string: "draft"), list = NSMutableArray(array: [1])
    #expect(captureValue(text) == .reference(type: "NSMutableString", id: ObjectIdentities.id(of: text)))
    #expect(captureValue(list) == .reference(type: "NSMutableArray", id: ObjectIdentities.id(of: list)))
    text.append(" 2")
    #expect(capturePatch(from: [text] as [AnyObject], to: [text] as [AnyObject]).isEmpty)
}

// MARK: - Default limits

private struct Member: Equatable, Identifiable { var id: Int; var name: String; var tags: [String] }

@Test func theDefaultLimitsRecordAStateOfTensOfThousandsOfElementsInFull() throws {
    let members = (0..<10_000).map { Member(id: $0, name: "m\($0)", tags: ["a", "b"]) }
    var grown = members
    grown.append(Member(id: 10_000, name: "newest", tags: []))
    let patch = try checkedPatch(members, grown)
    #expect(patch == [.insert(path: [.index(10_000)], value: captureValue(grown[10_000]))])
    let byID = Dictionary(uniqueKeysWithValues: grown.map { ($0.id, $0.name) })
    guard case let .dictionary(entries) = captureValue(byID), case let .array(elements) = captureValue(Array(0..<50_000)) else {
        Issue.record("not a dictionary and an array")
        return
    }
    #expect(entries.count == 10_001)
    #expect(elements.count == 50_000)
    #expect(!captureValue(grown).description.contains("truncated"))
}
