import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// Issue 39, item 1, live: an app whose store is "inbox" and that names no main store
    /// (`live-app-fixture --store inbox`, recording as apps do), the real `storescope listen`,
    /// and `storescope control` naming no store: every answer is about "inbox".
    @Suite("A live app's store, whatever its name")
    struct MainStoreControlTests {
        @Test("listen names the store as it registers; control sessions, dispatch and jump act on it without --store")
        func controlActsOnTheAppsStore() throws {
            let controlled = try ControlledSession(app: "mail", ["--store", "inbox"])
            let (socket, listener, app) = (controlled.socket, controlled.listener, controlled.app)
            try Live.record(app, 3, endingAt: 3)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            try listener.waitForOutput(containing: " inbox keyframe ")
            #expect(listener.stdout.contains(#"] store "inbox" registered"#), "\(listener.stdout)")
            #expect(!listener.stdout.contains("main") && !listener.stderr.contains("main"), "\(listener.stdout)\(listener.stderr)")

            let sessions = try Control.run(["sessions"], socket: socket)
            #expect(sessions.status == 0)
            #expect(sessions.stdout.hasPrefix("mail/") && sessions.stdout.hasSuffix(#" store "inbox""# + "\n"), "\(sessions.stdout)")

            let dispatch = try Control.run(["dispatch", #".step(5, "hi")"#, "--json"], socket: socket)
            #expect(dispatch.status == 0, "\(dispatch.stdout)\(dispatch.stderr)")
            #expect(dispatch.stdout.contains(#""result":"done""#) && dispatch.stdout.contains(#""store":"inbox""#), "\(dispatch.stdout)")
            if dispatch.status == 0 { try app.waitForOutput(containing: "dispatched 4") }

            app.send("flush")
            try Control.waitForLines(app, "flushed", count: 2)
            let jump = try Control.run(["jump", "#2"], socket: socket)
            #expect(jump.status == 0, "\(jump.stdout)\(jump.stderr)")
            #expect(jump.stdout.contains("jump #2: done"), "\(jump.stdout)")
            if jump.status == 0 { try app.waitForOutput(containing: "installed total=") }

            let wrong = try Control.run(["pause", "--store", "main"], socket: socket)
            #expect(wrong.status == 1)
            #expect(wrong.stdout.contains(#"no store "main" in session mail/"#) && wrong.stdout.hasSuffix("(stores: inbox)\n"), "\(wrong.stdout)")

            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)
        }

        @Test("a command sent before the app's first store reached the listener waits for it, and acts on that store")
        func commandWaitsForTheFirstStore() throws {
            // The app holds its records (the store's keyframe among them) for 1.5 s.
            let controlled = try ControlledSession(app: "late", ["--store", "inbox", "--flush-ms", "1500"])
            let (socket, listener, app) = (controlled.socket, controlled.listener, controlled.app)
            try listener.waitForOutput(containing: "session started")
            #expect(!listener.stdout.contains("registered"), "the keyframe came before the command: \(listener.stdout)")
            let pause = try Control.run(["pause", "--json"], socket: socket)
            #expect(pause.status == 0, "\(pause.stdout)\(pause.stderr)")
            #expect(pause.stdout.contains(#""result":"done""#) && pause.stdout.contains(#""store":"inbox""#), "\(pause.stdout)")
            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)
        }
    }
}
