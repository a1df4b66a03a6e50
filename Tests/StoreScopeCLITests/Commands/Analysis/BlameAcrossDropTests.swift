import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `storescope blame` across dropped actions (issue 39, item 9): the keyframe after a drop was
/// blamed on the action that carries it (`#52 pollTick .unreadCount: (unknown) → 1662`), for a
/// value any of the dropped actions may have set, and for every path, changed or not.
@Suite("storescope blame across a drop")
struct BlameAcrossDropTests {
    /// An inbox: #1…#3 set `unread` to 1, 2, 3; #4…#6 are dropped; #7 carries the keyframe,
    /// `unread` 6 and `title` unchanged.
    static func write(to path: String) throws {
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Mail", store: "inbox", schemaFingerprint: 1))
        func state(_ unread: Int64) -> TraceValue {
            .structure(type: "Inbox", fields: [.init("unread", .int(unread)), .init("title", .string("Inbox"))])
        }
        func action(_ seq: UInt64) throws {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "inbox", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 100,
                action: .enumeration(type: "InboxAction", caseName: "pollTick", payload: []))))
        }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "inbox", state: state(0))))
        for seq in 1...3 as ClosedRange<UInt64> {
            try action(seq)
            try writer.append(.patch(StatePatch(seq: seq, store: "inbox", operations: [.set(path: [.field("unread")], value: .int(Int64(seq)))])))
        }
        try writer.append(.dropped(DroppedRecords(count: 3, firstSeq: 4, lastSeq: 6, monotonicNanos: 6_500_000)))
        try action(7)
        try writer.append(.keyframe(Keyframe(seq: 7, store: "inbox", state: state(6))))
        try writer.close()
    }

    @Test("the keyframe after a drop reports the change across it, old value included, as made somewhere in the dropped actions or the next")
    func changeAcrossTheDrop() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("inbox.sstrace")
        try Self.write(to: path)
        let blame = try InProcess.storescope(["blame", path, ".unread"])
        let lines = blame.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "    .unread: 3 → 6 somewhere in #4…#7 (#4…#6 were dropped; the keyframe after #7 tells the value)", "\(blame.stdout)")
        #expect(!blame.stdout.contains("(unknown)"), "the value before the drop is known: \(blame.stdout)")
        #expect(blame.stderr.contains("dropped actions #4…#6"))

        let json = try InProcess.storescope(["blame", path, ".unread", "--json"]).stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(json.contains("\"seq\":7") && json.contains("\"since\":4") && json.contains("\"old\":3") && json.contains("\"new\":6"), "\(json)")
    }

    @Test("a path the drop did not change is not blamed on the keyframe's action")
    func unchangedPathAcrossTheDrop() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("inbox.sstrace")
        try Self.write(to: path)
        let blame = try InProcess.storescope(["blame", path, ".title"])
        #expect(!blame.stdout.contains("#7"), "\(blame.stdout)")
        #expect(blame.stdout.contains("(no action changed .title"), "\(blame.stdout)")
    }
}
