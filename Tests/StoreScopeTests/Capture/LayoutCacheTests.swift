import Testing
@testable import StoreScope

// Enum cases and struct fields are read through layouts cached per type and per case (see
// `EnumLayout`, `StructLayout`). These tests alternate values so that a cache keyed too
// coarsely (by type instead of case, by generic type instead of instantiation, by field name
// instead of rule) would hand one value's layout to another.

private enum Signal: Equatable {
    case first(Int)
    case second(Int)
    case idle
    case named(label: String, count: Int)
    case stopped
    case flag(Bool)
}

private enum Either<Value> {
    case one(Value)
    case two(Value, Value)
    case neither
}

private final class Tag {
    let name: String
    init(name: String) { self.name = name }
}

/// Class payloads leave spare bits in the pointer, where the tag of a multi-payload enum goes.
private enum Reference {
    case left(Tag)
    case right(Tag)
    case text(String)
}

private indirect enum Expression: Equatable {
    case number(Int)
    case sum(Expression, Expression)
    case empty
}

private protocol Shape {}

private struct Square: Shape, Equatable {
    var side: Int
}

/// Larger than an existential's inline buffer: stored out of line in the box.
private struct Polygon: Shape, Equatable {
    var corners: Int
    var name: String
    var closed: Bool
    var weight: Double
}

private enum Drawing {
    case shape(any Shape)
    case none
}

private struct Canvas {
    var title: String
    var shape: any Shape
    var layer: Int
}

private struct SessionLogin: Equatable {
    var user: String
    var sessionToken: String
}

private struct Device: Equatable {
    var sessionToken: String
    var model: String
}

private struct Typed {
    var kind: Int.Type
    var count: Int
}

private struct Wrapper: Equatable {
    var signal: Signal
    var credentials: SessionLogin
}

/// Asserts that the patch rebuilds the new capture from the old one.
private func expectExactPatch<T>(_ old: T, _ new: T, options: CaptureOptions = .default) throws {
    var tree = captureValue(old, options: options)
    try tree.apply(capturePatch(from: old, to: new, options: options))
    #expect(tree == captureValue(new, options: options))
}

@Test func casesOfOneEnumWithTheSamePayloadTypeKeepTheirOwnNames() {
    for round in 0..<3 {
        #expect(captureValue(Signal.first(round)) == .enumeration(type: "Signal", caseName: "first", payload: [.init("", .int(Int64(round)))]))
        #expect(captureValue(Signal.second(round + 10)) == .enumeration(type: "Signal", caseName: "second", payload: [.init("", .int(Int64(round + 10)))]))
        #expect(captureValue(Signal.idle) == .enumeration(type: "Signal", caseName: "idle", payload: []))
        #expect(captureValue(Signal.named(label: "n\(round)", count: round)) == .enumeration(type: "Signal", caseName: "named", payload: [
            .init("label", .string("n\(round)")), .init("count", .int(Int64(round))),
        ]))
        #expect(captureValue(Signal.stopped) == .enumeration(type: "Signal", caseName: "stopped", payload: []))
        #expect(captureValue(Signal.flag(round % 2 == 0)) == .enumeration(type: "Signal", caseName: "flag", payload: [.init("", .bool(round % 2 == 0))]))
    }
}

@Test func genericEnumInstantiationsReadTheirOwnPayloadTypes() {
    for _ in 0..<2 {
        #expect(captureValue(Either.one(7)) == .enumeration(type: "Either<Int>", caseName: "one", payload: [.init("", .int(7))]))
        #expect(captureValue(Either.one("seven")) == .enumeration(type: "Either<String>", caseName: "one", payload: [.init("", .string("seven"))]))
        #expect(captureValue(Either.two(true, false)) == .enumeration(type: "Either<Bool>", caseName: "two", payload: [
            .init("", .bool(true)), .init("", .bool(false)),
        ]))
        #expect(captureValue(Either.two("a", "b")) == .enumeration(type: "Either<String>", caseName: "two", payload: [
            .init("", .string("a")), .init("", .string("b")),
        ]))
        #expect(captureValue(Either<Double>.neither) == .enumeration(type: "Either<Double>", caseName: "neither", payload: []))
        #expect(captureValue(Either.one(Optional(3))) == .enumeration(type: "Either<Optional<Int>>", caseName: "one", payload: [.init("", .some(.int(3)))]))
    }
}

@Test func multiPayloadEnumsWithTagsInSpareBitsReadEveryCaseAndLeaveTheValueIntact() {
    let tag = Tag(name: "t")
    let values: [Reference] = [.left(tag), .right(tag), .text("x"), .right(Tag(name: "u"))]
    let names = ["left", "right", "text", "right"]
    for _ in 0..<2 {
        for (value, name) in zip(values, names) {
            guard case let .enumeration(type, caseName, payload) = captureValue(value) else {
                Issue.record("not an enumeration")
                continue
            }
            #expect(type == "Reference")
            #expect(caseName == name)
            #expect(payload.count == 1)
        }
    }
    guard case let .right(kept) = values[1] else {
        Issue.record("the value changed case")
        return
    }
    #expect(kept === tag)
    #expect(kept.name == "t")
}

@Test func indirectCasesAndExistentialPayloadsAreCapturedAndDiffedAsBefore() throws {
    let tree = Expression.sum(.number(1), .sum(.number(2), .empty))
    #expect(captureValue(tree) == .enumeration(type: "Expression", caseName: "sum", payload: [
        .init("", .enumeration(type: "Expression", caseName: "number", payload: [.init("", .int(1))])),
        .init("", .enumeration(type: "Expression", caseName: "sum", payload: [
            .init("", .enumeration(type: "Expression", caseName: "number", payload: [.init("", .int(2))])),
            .init("", .enumeration(type: "Expression", caseName: "empty", payload: [])),
        ])),
    ]))
    try expectExactPatch(tree, Expression.sum(.number(1), .sum(.number(3), .empty)))
    try expectExactPatch(tree, Expression.number(4))

    #expect(captureValue(Drawing.shape(Square(side: 2))) == .enumeration(type: "Drawing", caseName: "shape", payload: [
        .init("", .structure(type: "Square", fields: [.init("side", .int(2))])),
    ]))
    let polygon = Polygon(corners: 5, name: "pentagon", closed: true, weight: 1.5)
    #expect(captureValue(Drawing.shape(polygon)) == .enumeration(type: "Drawing", caseName: "shape", payload: [
        .init("", .structure(type: "Polygon", fields: [
            .init("corners", .int(5)), .init("name", .string("pentagon")), .init("closed", .bool(true)), .init("weight", .double(1.5)),
        ])),
    ]))
    try expectExactPatch(Drawing.shape(Square(side: 2)), Drawing.shape(polygon))
    try expectExactPatch(Drawing.shape(polygon), Drawing.none)
}

@Test func anExistentialFieldHoldingALargeStructIsReadThroughItsBox() throws {
    let canvas = Canvas(title: "c", shape: Polygon(corners: 3, name: "tri", closed: false, weight: 2), layer: 1)
    #expect(captureValue(canvas) == .structure(type: "Canvas", fields: [
        .init("title", .string("c")),
        .init("shape", .structure(type: "Polygon", fields: [
            .init("corners", .int(3)), .init("name", .string("tri")), .init("closed", .bool(false)), .init("weight", .double(2)),
        ])),
        .init("layer", .int(1)),
    ]))
    var changed = canvas
    changed.shape = Polygon(corners: 4, name: "quad", closed: true, weight: 2)
    try expectExactPatch(canvas, changed)
    changed.shape = Square(side: 1)
    try expectExactPatch(canvas, changed)
}

@Test func enumPatchesDescendIntoTheSameCaseAndReplaceAcrossCases() throws {
    let values: [Signal] = [.first(1), .first(2), .second(2), .idle, .named(label: "a", count: 1), .named(label: "a", count: 2), .stopped, .flag(true)]
    for old in values {
        for new in values {
            try expectExactPatch(old, new)
        }
    }
    #expect(capturePatch(from: Signal.first(1), to: Signal.first(2)) == [.set(path: [.index(0)], value: .int(2))])
    #expect(capturePatch(from: Signal.named(label: "a", count: 1), to: .named(label: "a", count: 2)) == [
        .set(path: [.field("count")], value: .int(2)),
    ])
    #expect(capturePatch(from: Signal.first(1), to: Signal.second(1)) == [
        .set(path: [], value: .enumeration(type: "Signal", caseName: "second", payload: [.init("", .int(1))])),
    ])
}

@Test func theSameFieldNameIsRedactedPerRuleInEveryType() throws {
    let credentials = SessionLogin(user: "ada", sessionToken: "s3cret")
    let device = Device(sessionToken: "d3vice", model: "m")
    let hideTokens = CaptureOptions(redaction: Redaction(fieldPatterns: ["token"]))
    let hideModels = CaptureOptions(redaction: Redaction(fieldPatterns: ["model"]))
    for _ in 0..<2 {
        #expect(captureValue(credentials, options: hideTokens) == .structure(type: "SessionLogin", fields: [
            .init("user", .string("ada")), .init("sessionToken", .redacted(type: "String")),
        ]))
        #expect(captureValue(device, options: hideModels) == .structure(type: "Device", fields: [
            .init("sessionToken", .string("d3vice")), .init("model", .redacted(type: "String")),
        ]))
        #expect(captureValue(device, options: hideTokens) == .structure(type: "Device", fields: [
            .init("sessionToken", .redacted(type: "String")), .init("model", .string("m")),
        ]))
        #expect(captureValue(credentials, options: hideModels) == .structure(type: "SessionLogin", fields: [
            .init("user", .string("ada")), .init("sessionToken", .string("s3cret")),
        ]))
    }
    var changed = credentials
    changed.sessionToken = "other"
    // A redacted change is marked by setting the redacted node again.
    let marked: [PatchOperation] = [.set(path: [.field("sessionToken")], value: .redacted(type: "String"))]
    #expect(capturePatch(from: credentials, to: changed, options: hideTokens) == marked)
    #expect(capturePatch(from: credentials, to: changed, options: hideModels) == [.set(path: [.field("sessionToken")], value: .string("other"))])
    #expect(capturePatch(from: credentials, to: changed, options: hideTokens) == marked)
}

@Test func labeledPayloadValuesAreRedactedByTheirLabel() {
    let options = CaptureOptions(redaction: Redaction(fieldPatterns: ["label"]))
    #expect(captureValue(Signal.named(label: "x", count: 1), options: options) == .enumeration(type: "Signal", caseName: "named", payload: [
        .init("label", .redacted(type: "String")), .init("count", .int(1)),
    ]))
    #expect(captureValue(Signal.named(label: "x", count: 1), options: .init(redaction: .none)) == .enumeration(type: "Signal", caseName: "named", payload: [
        .init("label", .string("x")), .init("count", .int(1)),
    ]))
}

@Test func structsInsideEnumsAndEnumsInsideStructsDiffExactly() throws {
    let credentials = SessionLogin(user: "ada", sessionToken: "t")
    let old = Wrapper(signal: .flag(false), credentials: credentials)
    #expect(capturePatch(from: old, to: Wrapper(signal: .flag(true), credentials: credentials)) == [
        .set(path: [.field("signal"), .index(0)], value: .bool(true)),
    ])
    try expectExactPatch(old, Wrapper(signal: .named(label: "b", count: 3), credentials: SessionLogin(user: "bob", sessionToken: "u")))
    try expectExactPatch(Either.one(old), Either.one(Wrapper(signal: .idle, credentials: credentials)))
    try expectExactPatch(Either.two(old, old), Either.two(old, Wrapper(signal: .first(9), credentials: credentials)))
}

@Test func aStructWithAMetatypeFieldIsStillCapturedAndDiffed() throws {
    let typed = Typed(kind: Int.self, count: 1)
    guard case let .structure(type, fields) = captureValue(typed) else {
        Issue.record("not a structure")
        return
    }
    #expect(type == "Typed")
    #expect(fields.map(\.name) == ["kind", "count"])
    #expect(fields.last?.value == .int(1))
    try expectExactPatch(typed, Typed(kind: Int.self, count: 2))
}
