import Foundation
import StoreScope
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

// A redacted value that changed reads `<redacted String>` before and after; `storescope diff`
// (and the viewer's diff pane, through the same DiffRendering) shows the change on a `~` line,
// from the `set` the recorder wrote (issue 8, item 10).

private struct SignIn: Sendable {
    var user: String
    var password: String
    var devices: [Device]
}

private struct Device: Sendable {
    var name: String
    var sessionToken: String
}

private enum SignInAction: Sendable {
    case typePassword(String)
    case rotateToken(device: Int, String)
    case addDevice(String)
}

private func reduce(_ state: inout SignIn, _ action: SignInAction) {
    switch action {
    case let .typePassword(text): state.password = text
    case let .rotateToken(device, token): state.devices[device].sessionToken = token
    case let .addDevice(name): state.devices.insert(Device(name: name, sessionToken: "new"), at: 0)
    }
}

@Suite struct RedactedDiffCommandTests {
    /// Records #1 password typed, #2 the token of device 1 rotated, #3 a device inserted in
    /// front (so the rotated one is at index 2 afterwards); returns the trace's path.
    private static func record(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("signin.sstrace")
        let recorder = try Recorder(sink: .file(path))
        var state = SignIn(user: "ann", password: "", devices: [Device(name: "phone", sessionToken: "a"), Device(name: "laptop", sessionToken: "b")])
        let store = recorder.store("signin", initialState: state, actions: SignInAction.self)
        for action in [SignInAction.typePassword("hunter2"), .rotateToken(device: 1, "c"), .addDevice("tablet")] {
            store.record(action, reducing: &state, reduce)
        }
        recorder.close()
        return path
    }

    @Test("diff marks a changed redacted field with ~ and never shows its value")
    func changedPassword() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(in: directory)
        let outcome = try InProcess.storescope(["diff", path, "--from", "0", "--to", "1"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout == """
            signin from #0 to #1:
              SignIn(
                user: "ann"
            ~   password: <redacted String> (changed)
                … (1 unchanged)
              )

            """)
        #expect(!outcome.stdout.contains("hunter2"))
    }

    @Test("Over several actions the mark follows the element an insert moved, and --json sets the redacted node")
    func changedTokenAcrossAnInsert() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(in: directory)
        let outcome = try InProcess.storescope(["diff", path, "--from", "1", "--to", "3", "--path", ".devices"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout == """
            signin from #1 to #3 at .devices:
              [
            +   [0] Device(
            +     name: "tablet"
            +     sessionToken: <redacted String>
            +   )
                … (1 unchanged)
                [2] Device(
                  name: "laptop"
            ~     sessionToken: <redacted String> (changed)
                )
              ]

            """)
        let json = try InProcess.storescope(["diff", path, "--from", "1", "--to", "3", "--json"])
        #expect(json.status == 0, "stderr: \(json.stderr)")
        #expect(json.stdout.contains(#"{"op":"set","path":".devices[2].sessionToken","steps":[{"field":"devices"},{"index":2},{"field":"sessionToken"}],"value":{"$redacted":"String"}}"#), "\(json.stdout)")
        #expect(!json.stdout.contains("\"c\""))
    }

    @Test("The viewer's diff pane marks the action that changed a redacted field")
    func viewerDiffPane() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.record(in: directory))
        viewer.press(.character("g"))
        #expect(viewer.state.selected == 1)
        guard case let .success(lines)? = viewer.state.detail?.diff else {
            Issue.record("no diff for #1")
            return
        }
        #expect(lines.map(\.text).contains("~   password: <redacted String> (changed)"), "\(lines)")
        let marked = ViewerRender.detailLines(viewer.state).first { $0.text.hasPrefix("~") }
        #expect(marked?.style == .colored(.yellow), "the ~ line stands out beside the red and green ones")
    }

    @Test("Between two states with no redacted change, diff says no change")
    func unchangedRedactedValues() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(in: directory)
        let outcome = try InProcess.storescope(["diff", path, "--from", "1", "--to", "1"])
        #expect(outcome.stdout.hasSuffix("(no change)\n"))
    }
}
