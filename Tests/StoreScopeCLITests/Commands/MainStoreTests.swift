import Foundation
import StoreScope
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

// Issue 39, item 1: an app's store is named as the app names it ("inbox"), and the app names
// no main store. The recorder wrote "main" into the header, and every reader that took the
// header's name said `store "main"`, refused the real store, or answered about a store that
// does not exist. These tests record real traces with the real Recorder and read them with the
// built `storescope` (and the viewer's reducer), as a user would.

private struct Inbox: Sendable, Codable {
    var unread = 0
    var subjects: [String] = []
}

private enum InboxAction: Sendable, Codable {
    case receive(String)
    case read
}

private func reduce(_ state: inout Inbox, _ action: InboxAction) {
    switch action {
    case let .receive(subject):
        state.subjects.append(subject)
        state.unread += 1
    case .read: state.unread -= 1
    }
}

/// Traces recorded as apps record them.
private enum AppTrace {
    /// A session of an app whose only store is "inbox" (three actions), naming no main store.
    static func inbox(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("inbox.sstrace")
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Mail", diagnostics: { _ in }))
        record(recorder, stores: ["inbox"])
        return path
    }

    /// A session with two stores, "inbox" registered first, then "settings".
    static func inboxAndSettings(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("two.sstrace")
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Mail", diagnostics: { _ in }))
        record(recorder, stores: ["inbox", "settings"])
        return path
    }

    /// A session whose header names "main", as every trace recorded before issue 39 does,
    /// while the app's only store is "app".
    static func headerNamingMain(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("old.sstrace")
        let recorder = try Recorder(sink: .file(path), mainStore: "main", configuration: .init(appName: "Mail", diagnostics: { _ in }))
        record(recorder, stores: ["app"])
        return path
    }

    /// Registers `stores` in order; the first gets three actions, the others one each.
    private static func record(_ recorder: Recorder, stores: [String]) {
        var states = stores.map { _ in Inbox() }
        let recordings = stores.map { recorder.store($0, initialState: Inbox(), actions: InboxAction.self) }
        for action in [InboxAction.receive("Hello"), .receive("Lunch?"), .read] {
            recordings[0].record(action, reducing: &states[0], reduce)
        }
        for index in recordings.indices.dropFirst() { recordings[index].record(.receive("Welcome"), reducing: &states[index], reduce) }
        recorder.close()
    }
}

@Suite("The main store is the app's own store, whatever its name")
struct MainStoreTests {
    @Test("check names the store the app registered, not \"main\"")
    func checkNamesTheStore() throws {
        let directory = try TemporaryDirectory()
        let check = try InProcess.storescope(["check", try AppTrace.inbox(in: directory)])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains(#", app "Mail", store "inbox""#), "\(check.stdout)")
        #expect(!check.stdout.contains("main"), "\(check.stdout)")

        let two = try InProcess.storescope(["check", try AppTrace.inboxAndSettings(in: directory), "--json"])
        #expect(two.stdout.contains(#""store":"inbox","stores":["inbox","settings"]"#), "\(two.stdout)")
    }

    @Test("state without --store answers for the app's store; --store main is no such store, and the error lists the stores")
    func stateOfTheStore() throws {
        let directory = try TemporaryDirectory()
        let path = try AppTrace.inbox(in: directory)
        let state = try InProcess.storescope(["state", path, "--path", ".unread"])
        #expect(state.status == 0, "\(state.stderr)")
        #expect(state.stdout == "inbox after #3 at .unread:\n1\n", "\(state.stdout)")

        let main = try InProcess.storescope(["state", path, "--store", "main"])
        #expect(main.status == 1)
        #expect(main.stderr.contains(#"Error: no store "main" in the trace (stores: inbox)"#), "\(main.stderr)")
        #expect(!main.stderr.contains("unknown"), "\(main.stderr)")
    }

    @Test("with several stores, the first to register is the main one; any other is named with --store")
    func firstRegisteredStore() throws {
        let directory = try TemporaryDirectory()
        let path = try AppTrace.inboxAndSettings(in: directory)
        let main = try InProcess.storescope(["state", path, "--path", ".subjects", "--json"])
        #expect(main.stdout.contains(#""store":"inbox""#), "\(main.stdout)")
        let settings = try InProcess.storescope(["state", path, "--store", "settings", "--path", ".subjects"])
        #expect(settings.stdout.contains("Welcome"), "\(settings.stdout)\(settings.stderr)")
        let missing = try InProcess.storescope(["diff", path, "--store", "prefs", "--from", "1", "--to", "2"])
        #expect(missing.stderr.contains(#"no store "prefs" in the trace (stores: inbox, settings)"#), "\(missing.stderr)")
    }

    @Test("a header naming a store the session never had (\"main\", in older traces) means the store it has")
    func headerNamingAnotherStore() throws {
        let directory = try TemporaryDirectory()
        let path = try AppTrace.headerNamingMain(in: directory)
        let check = try InProcess.storescope(["check", path])
        #expect(check.stdout.contains(#"store "app""#), "\(check.stdout)")
        let state = try InProcess.storescope(["state", path, "--path", ".unread"])
        #expect(state.status == 0 && state.stdout == "app after #3 at .unread:\n1\n", "\(state.stdout)\(state.stderr)")
    }

    @Test("test writes the replay of the app's store instead of exiting 64 for a store \"main\"")
    func testCommandTakesTheStore() throws {
        let directory = try TemporaryDirectory()
        let path = try AppTrace.inbox(in: directory)
        let output = directory.path("InboxReplayTests.swift")
        let test = try InProcess.storescope(["test", path, "--module", "Mail", "--reducer", "reduce", "--output", output])
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stdout.hasPrefix(#"Wrote \#(output): 3 actions of store "inbox", #1 through #3"#), "\(test.stdout)")
        let source = try String(contentsOfFile: output, encoding: .utf8)
        #expect(source.contains(#"store: "inbox""#), "\(source)")

        let wrong = try InProcess.storescope(["test", path, "--module", "Mail", "--reducer", "reduce", "--store", "main", "--output", output])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains(#"no store "main" in the trace (stores: inbox)"#), "\(wrong.stderr)")
    }

    @Test("the viewer's #0 row is the initial state of the app's store")
    func viewerInitialRow() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try AppTrace.inbox(in: directory))
        let rows = viewer.screen.split(separator: "\n")
        #expect(rows[1].hasPrefix("     #0 ") && rows[1].hasSuffix(" inbox    (initial state)"), "\(viewer.screen)")
        viewer.press(.character(":"))
        viewer.type("0")
        viewer.press(.enter, .character("s"))
        #expect(viewer.screen.contains("unread: 0"), "the state of inbox before #1: \(viewer.screen)")
    }
}
