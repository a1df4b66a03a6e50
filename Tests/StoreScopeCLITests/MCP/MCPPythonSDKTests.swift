import Foundation
import StoreScopeTestSupport
import Testing

/// Runs Tests/Interop/mcp_conformance.py: the official MCP Python SDK's stdio client against
/// the real `storescope mcp`, in both protocol eras, on traces and on a live app (the
/// `live-app-fixture`) whose control tools come and go. Needs `pip install mcp` (2.x); the
/// interpreter is `python3`, or the one `STORESCOPE_MCP_PYTHON` names.
@Suite("storescope mcp: the official Python SDK's client", .tags(.process))
struct MCPPythonSDKTests {
    static let python = ProcessInfo.processInfo.environment["STORESCOPE_MCP_PYTHON"] ?? "python3"

    /// Whether the interpreter can import the SDK.
    static var hasSDK: Bool {
        (try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [python, "-c", "import mcp"]).status) == 0
    }

    @Test(
        "the SDK's client initializes, lists the tools and calls each on sample traces, and hears the control tools come and go with a live app",
        .enabled(if: hasSDK, "the MCP Python SDK is not installed: pip install mcp (or set STORESCOPE_MCP_PYTHON)"))
    func sdkClientConverses() throws {
        let directory = try TemporaryDirectory()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Interop/mcp_conformance.py").path
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [Self.python, script, try ProductLocator.url(of: "storescope").path, directory.path("scratch"), try ProductLocator.url(of: "live-app-fixture").path],
            timeout: .seconds(300))
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(run.stdout.contains("[auto] negotiated protocol 2026-07-28"))
        #expect(run.stdout.contains("[legacy] negotiated protocol 2025-11-25"))
        #expect(run.stdout.contains("[auto] live control tools came and went"), "a subscriptions/listen stream told of each change")
        #expect(run.stdout.contains("[legacy] live control tools came and went"), "notifications/tools/list_changed told of each change")
        #expect(run.stdout.contains("all checks passed"))
    }
}
