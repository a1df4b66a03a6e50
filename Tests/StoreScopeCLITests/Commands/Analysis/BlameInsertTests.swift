import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `storescope blame '.messages[*].isRead'` on inserts and removes (issue 39, item 8): a
/// message inserted at 0 was reported as `.messages[0].isRead: false → true`, the old first
/// message's value against the new one's, a red herring when hunting a counter bug.
@Suite("storescope blame [*] on inserted and removed elements")
struct BlameInsertTests {
    /// #1 inserts a read message at 0, #2 removes it, #3 marks the (then) second message read,
    /// #4 moves the first message to the end.
    static func write(to path: String) throws {
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Mail", store: "inbox", schemaFingerprint: 1))
        func message(_ id: Int64, read: Bool) -> TraceValue {
            .structure(type: "Message", fields: [.init("id", .int(id)), .init("isRead", .bool(read))])
        }
        func action(_ seq: UInt64, _ name: String, _ operations: [PatchOperation]) throws {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "inbox", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "InboxAction", caseName: name, payload: []))))
            try writer.append(.patch(StatePatch(seq: seq, store: "inbox", operations: operations)))
        }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "inbox", state: .structure(type: "Inbox", fields: [
            .init("messages", .array([message(1, read: false), message(2, read: false)])),
        ]))))
        let messages = PathComponent.field("messages")
        try action(1, "received", [.insert(path: [messages, .index(0)], value: message(3, read: true))])
        try action(2, "deleted", [.remove(path: [messages, .index(0)])])
        try action(3, "read", [.set(path: [messages, .index(1), .field("isRead")], value: .bool(true))])
        try action(4, "sorted", [.move(path: [messages, .index(0)], to: 1)])
        try writer.close()
    }

    @Test("an inserted element is new, a removed one gone, a moved one compared with itself; a set is a change")
    func insertsAreNotChanges() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("inbox.sstrace")
        try Self.write(to: path)
        let blame = try InProcess.storescope(["blame", path, ".messages[*].isRead"])
        let changes = blame.stdout.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(changes == [
            ".messages[0].isRead: (absent) → true",
            ".messages[0].isRead: true → (absent)",
            ".messages[1].isRead: false → true",
        ], "\(blame.stdout)")
        #expect(!blame.stdout.contains("#4"), "a move changes no message's isRead: \(blame.stdout)")
    }
}
