import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// With a filter that asks about a path, the timeline's changes column lists the changes under
/// it first and counts the others, as `storescope log` scopes its changes (issue 39, item 8; a
/// first-time user's trial found the column still listing `.messages[0]…`).
@Suite("The changes column answers the filter's paths")
struct ViewerScopedChangesTests {
    /// An inbox whose `.refresh` inserts three messages and sets the unread count.
    static func writeInbox(to path: String) throws {
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Inbox", store: "inbox"))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "inbox", state: .structure(type: "Inbox", fields: [
            .init("messages", .array([])), .init("unreadCount", .int(0)),
        ]))))
        try writer.append(.action(ActionRecord(
            seq: 1, store: "inbox", monotonicNanos: 1_000, wallNanos: 0, reducerNanos: 10, action: .enumeration(type: "InboxAction", caseName: "refresh", payload: []))))
        try writer.append(.patch(StatePatch(seq: 1, store: "inbox", operations: (0..<3).map { index in
            .insert(path: [.field("messages"), .index(index)], value: .string("message \(index)"))
        } + [.set(path: [.field("unreadCount")], value: .int(3))])))
        try writer.close()
    }

    @Test("filtered by path:.unreadCount, the row reads .unreadCount +3; unfiltered, every path")
    func scopedToTheFilter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("inbox.sstrace")
        try Self.writeInbox(to: path)
        var viewer = try ViewerHarness(path: path, columns: 120, rows: 24)
        let unfiltered = viewer.screen.split(separator: "\n").first { $0.contains("#1 ") }
        #expect(unfiltered?.contains(".messages[0] .messages[1] .messages[2] .unreadCount") == true, "\(viewer.screen)")
        viewer.press(.character("f"))
        viewer.type("path:.unreadCount")
        viewer.press(.enter)
        let row = viewer.screen.split(separator: "\n").first { $0.contains("#1 ") }
        #expect(row?.contains(".unreadCount +3") == true, "\(viewer.screen)")
        #expect(row?.contains(".messages") == false, "\(viewer.screen)")
    }
}
