import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// A jump further back than the app's kept states installs the state the trace has, its
    /// redacted fields taken from the app's own state (issue 39, item 4: an ordinary
    /// `session: UserSession?` made every far jump fail to decode).
    @Suite("a far jump over redacted fields")
    struct ControlFarJumpTests {
        @Test("a jump to a state the app does not keep fills its redacted field from the app's state, and says so")
        func redactedFieldFromTheAppsState() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, record: directory.path("sessions"))
            let app = try Live.app("far", socket: socket, ["--control", "held", "--kept-states", "0"])
            try Live.record(app, 6, endingAt: 6)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")

            let jump = try Control.run(["jump", "#3"], socket: socket)
            #expect(jump.status == 0, "\(jump.stdout)\(jump.stderr)")
            #expect(jump.stdout.contains("jump #3: done: redacted values kept from the app's state: .sessionToken"), "\(jump.stdout)")
            let installed = try app.waitForOutput(containing: "sessionToken=token-of-this-run\n")
            let journal = try Live.close(app)
            let total = journal.prefix(3).reduce(0) { $0 + $1.value }
            #expect(installed.contains("installed total=\(total) "), "the state after #3, as the app's journal has it: \(installed)")
            try Live.stop(listener)
        }
    }
}
