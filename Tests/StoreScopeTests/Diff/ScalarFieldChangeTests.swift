import Foundation
import Testing
import TraceFormat
@testable import StoreScope

// A scalar-only change: one field of the root struct changed, every other field (the large
// arrays among them) untouched. The differ reads the root's fields in place, takes only the new
// leaf of an integer or a Bool whose bytes differ, and asks the redaction rule's verdicts from
// a table made once for the default rule. Each patch is checked against the captures
// (`checkedPatch`, DiffTests.swift).

private enum Mode: Equatable { case idle, busy(Int) }

/// Not `Equatable`: no `==` prunes, so every field whose bytes differ is diffed as a leaf.
private struct Fields {
    var items: [Int] = Array(0..<100)
    var int = 1
    var int8: Int8 = -1
    var int16: Int16 = 300
    var int32: Int32 = -70_000
    var int64: Int64 = 1 << 40
    var uint: UInt = 7
    var uint8: UInt8 = 200
    var uint16: UInt16 = 60_000
    var uint32: UInt32 = 4_000_000_000
    var uint64: UInt64 = .max
    var flag = false
    var double = 0.0
    var float: Float = 1.5
    var text = "ada"
    var character: Character = "a"
    var date = Date(timeIntervalSince1970: 1_000)
    var url = URL(string: "https://example.com/a")!
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var decimal = Decimal(string: "1.25")!
    var data = Data([1, 2, 3])
    var optional: Int? = nil
    var mode = Mode.idle
}

private func field(_ name: String, in value: TraceValue) -> TraceValue? {
    guard case let .structure(_, fields) = value else { return nil }
    return fields.first { $0.name == name }?.value
}

@Test("A root field of every scalar kind, changed alone, is one set of its new leaf")
func everyScalarKindChangedAloneIsOneSet() throws {
    let changes: [(String, (inout Fields) -> Void)] = [
        ("int", { $0.int = -1 }), ("int8", { $0.int8 = .min }), ("int16", { $0.int16 = -300 }),
        ("int32", { $0.int32 = 70_000 }), ("int64", { $0.int64 = -(1 << 40) }), ("uint", { $0.uint = 8 }),
        ("uint8", { $0.uint8 = 0 }), ("uint16", { $0.uint16 = 1 }), ("uint32", { $0.uint32 = 0 }),
        ("uint64", { $0.uint64 = 0 }), ("flag", { $0.flag = true }), ("double", { $0.double = 2.5 }),
        ("float", { $0.float = -1.5 }), ("text", { $0.text = "grace" }), ("character", { $0.character = "é" }),
        ("date", { $0.date = Date(timeIntervalSince1970: 2_000) }), ("url", { $0.url = URL(string: "https://example.com/b")! }),
        ("uuid", { $0.uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000001")! }),
        ("decimal", { $0.decimal = Decimal(string: "2.5")! }), ("data", { $0.data = Data([9]) }),
        ("optional", { $0.optional = 4 }), ("mode", { $0.mode = .busy(2) }),
    ]
    let old = Fields()
    // The worker's patcher, kept across the changes: its fast path for scalar-only changes
    // (RootScalarFields) finds what the walk finds.
    var patcher = StatePatcher(options: .default)
    for (name, change) in changes {
        var new = old
        change(&new)
        let patch = try checkedPatch(old, new)
        #expect(patcher.patch(from: old, to: new) == patch, "\(name)")
        #expect(patcher.patch(from: new, to: old) == capturePatch(from: new, to: old), "\(name)")
        #expect(patch.count == 1, "\(name)")
        guard case let .set(path, value)? = patch.first else {
            Issue.record("\(name): \(patch)")
            continue
        }
        #expect(path == [.field(name)], "\(name)")
        #expect(value == field(name, in: captureValue(new)), "\(name)")
        // And back: the same field set to its old leaf.
        #expect(try checkedPatch(new, old) == [.set(path: [.field(name)], value: field(name, in: captureValue(old))!)], "\(name)")
    }
}

@Test("Every integer width and Bool, at its extremes, records the new value")
func integerExtremesRecordTheNewValue() throws {
    var old = Fields(), new = Fields()
    old.int = .min; new.int = .max
    old.int8 = .max; new.int8 = .min
    old.uint64 = 0; new.uint64 = .max
    old.flag = true; new.flag = false
    var patcher = StatePatcher(options: .default)
    #expect(patcher.patch(from: old, to: new) == capturePatch(from: old, to: new))
    #expect(try checkedPatch(old, new) == [
        .set(path: [.field("int")], value: .int(.max)), .set(path: [.field("int8")], value: .int(Int64(Int8.min))),
        .set(path: [.field("uint64")], value: .uint(.max)), .set(path: [.field("flag")], value: .bool(false)),
    ])
}

@Test("Fields whose bytes differ but whose leaves do not are left out; -0.0 is a change")
func differentBytesSameLeafIsNoChange() throws {
    // The same text in storage of its own (past 15 bytes a string lives on the heap).
    var old = Fields()
    old.text = "a string long enough for the heap"
    var new = old
    new.text = String(decoding: Array(old.text.utf8), as: UTF8.self)
    #expect(try checkedPatch(old, new).isEmpty)
    // An equal URL and equal data built anew.
    new = old
    new.url = URL(string: old.url.absoluteString)!
    new.data = Data(Array(old.data))
    #expect(try checkedPatch(old, new).isEmpty)
    // 0.0 and -0.0 differ in bytes and in leaves.
    new = old
    new.double = -0.0
    #expect(try checkedPatch(old, new) == [.set(path: [.field("double")], value: .double(-0.0))])
}

private struct Account: Equatable {
    var users: [String] = (0..<50).map { "user\($0)" }
    var name = "ada"
    var token = "secret-1"
    var count = 0
}

@Test("A changed field is redacted by the rule in force: the default, an equal one built anew, another")
func scalarChangesHeedTheRule() throws {
    var old = Account(), new = Account()
    new.token = "secret-2"
    new.name = "grace"
    new.count = 1
    for redaction in [Redaction.default, Redaction(), Redaction(fieldPatterns: Redaction.defaultFieldPatterns)] {
        let options = CaptureOptions(redaction: redaction)
        let patch = try checkedPatch(old, new, options: options)
        #expect(patch.contains(.set(path: [.field("name")], value: .string("grace"))))
        #expect(!"\(patch)".contains("secret-2"))
        #expect(patch.count == 3)
    }
    // A rule that hides `name` and not `token`, then the default again (the memo must not
    // keep the other rule's verdicts, nor the other rule the default's).
    var rule = Redaction.default
    rule.fieldPatterns = ["name"]
    #expect(rule != .default)
    let custom = try checkedPatch(old, new, options: CaptureOptions(redaction: rule))
    #expect(custom.contains(.set(path: [.field("token")], value: .string("secret-2"))))
    #expect(!"\(custom)".contains("grace"))
    let again = try checkedPatch(old, new, options: .default)
    #expect(!"\(again)".contains("secret-2"))
    #expect(again.contains(.set(path: [.field("name")], value: .string("grace"))))
    old.count = 1
    #expect(try checkedPatch(old, new, options: CaptureOptions(redaction: .none)).contains(.set(path: [.field("token")], value: .string("secret-2"))))
}

@Test("Redaction rules are equal and hash alike by their patterns, whichever way they were made")
func redactionEqualityFollowsPatterns() {
    var changed = Redaction.default
    changed.fieldPatterns = ["pin"]
    var back = changed
    back.fieldPatterns = Redaction.defaultFieldPatterns
    #expect(back == .default)
    #expect(back.hashValue == Redaction.default.hashValue)
    #expect(changed == Redaction(fieldPatterns: ["pin"]))
    #expect(changed.hashValue == Redaction(fieldPatterns: ["pin"]).hashValue)
    #expect(changed != .default)
    #expect(changed.redacts(field: "userPin") && !changed.redacts(field: "token"))
    #expect(back.redacts(field: "token"))
}

@Test("A printed rule still shows its patterns")
func printedRuleShowsPatterns() {
    #expect("\(Redaction(fieldPatterns: ["pin", "otp"]))".contains("[\"pin\", \"otp\"]"))
    #expect("\(CaptureOptions())".contains("\"password\""))
}
