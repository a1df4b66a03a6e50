import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// `storescope control dispatch` with what the viewer prints, against the real listener and
    /// a real app (`live-app-fixture --control held`) whose actions hold UUIDs, URLs, dates,
    /// decimals, sets, dictionaries, optionals and nested enums.
    @Suite("Dispatching what the viewer prints")
    struct DispatchLiteralTests {
        /// The app's actions as the listener recorded them, once it holds `count`.
        static func recordedActions(in recordings: String, count: Int) throws -> [ActionRecord] {
            let deadline = ContinuousClock.now + .seconds(20)
            while true {
                if let path = try Live.recordings(in: recordings).first {
                    let actions = try Live.records(path).compactMap { if case let .action(action) = $0 { action } else { nil } }
                    if actions.count >= count { return actions }
                }
                guard ContinuousClock.now < deadline else { throw NeverRecorded(count: count) }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }

        struct NeverRecorded: Error { var count: Int }

        /// A controlled app that recorded its eight `.inbox(...)` actions and one `.step`, and
        /// those nine actions as the listener recorded them.
        static func inboxSession(_ name: String) throws -> (ControlledSession, [ActionRecord]) {
            let controlled = try ControlledSession(app: name)
            controlled.app.send("inbox")
            try controlled.app.waitForOutput(containing: "recorded 8\n")
            try Live.record(controlled.app, 1, endingAt: 9)
            return (controlled, try recordedActions(in: controlled.recordings, count: 9))
        }

        @Test("every action the app recorded, dispatched as the viewer prints it, is decoded by the app into the same action")
        func printedActionsRoundTrip() throws {
            let (controlled, recorded) = try Self.inboxSession("inbox")
            let (socket, recordings, listener, app) = (controlled.socket, controlled.recordings, controlled.listener, controlled.app)

            for (index, action) in recorded.enumerated() {
                let printed = action.action.qualifiedDescription
                let sent = try Control.run(["dispatch", printed], socket: socket)
                #expect(sent.status == 0 && sent.stdout.contains("dispatch: done"), "\(printed): \(sent.stdout)\(sent.stderr)")
                try app.waitForOutput(containing: "dispatched \(10 + index)\n")
            }
            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)

            let all = try Self.recordedActions(in: recordings, count: 18)
            // What the app decoded, recorded again: the same trees, dates and doubles to the bit.
            #expect(all[9...].map(\.action) == recorded.map(\.action))
            #expect(all[9...].map(\.seq) == Array(10...18))
        }

        @Test("a misspelled case is refused before it is sent, with the cases the session saw; sent again as typed, the app names it")
        func misspelledCase() throws {
            let (controlled, _) = try Self.inboxSession("typo")
            let (socket, recordings, listener, app) = (controlled.socket, controlled.recordings, controlled.listener, controlled.app)
            let session = try #require(try Control.run(["sessions"], socket: socket).stdout.split(separator: " ").first.map(String.init))

            let typo = #".inbox(.serch(query: "sw"))"#
            let refused = try Control.run(["dispatch", typo], socket: socket)
            #expect(refused.status == 1)
            #expect(refused.stdout == """
                \(session): error: no case "serch" in InboxAction in this session: did you mean "search"? The same dispatch again \
                sends it as typed (cases seen: move, open, received, refresh, search, snooze, toggleSelect)

                """, "\(refused.stdout)")
            let again = try Control.run(["dispatch", typo], socket: socket)
            #expect(again.status == 1)
            #expect(again.stdout.contains(#"dispatch: failed: the action does not decode as AppAction: at .inbox._0: InboxAction has no case "serch""#), "\(again.stdout)")
            let atRoot = try Control.run(["dispatch", #".Step(1, "x")"#], socket: socket)
            #expect(atRoot.stdout.contains(#"error: no case "Step" in AppAction in this session: did you mean "step"? The same dispatch again sends it as typed (cases seen: inbox, step)"#), "\(atRoot.stdout)")
            // A case the session has not seen, and no near miss of one, goes to the app.
            let unseen = try Control.run(["dispatch", ".inbox(.archiveAll)"], socket: socket)
            #expect(unseen.stdout.contains(#"dispatch: failed: the action does not decode as AppAction: at .inbox._0: InboxAction has no case "archiveAll""#), "\(unseen.stdout)")

            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)

            // The refused dispatches never reached the app: it recorded only the two it decoded.
            let records = try Live.records(try #require(try Live.recordings(in: recordings).first))
            #expect(Control.outcomes(in: records).map { "\($0.command) \($0.result)" } == ["dispatch failed", "dispatch failed"])
        }
    }
}
