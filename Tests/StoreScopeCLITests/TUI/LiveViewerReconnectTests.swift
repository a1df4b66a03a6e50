import Foundation
import StoreScopeTestSupport
import Testing

/// Issue 19, item 15: an app that loses its connection to `view --listen` and reconnects goes
/// on in the same session on screen, with what was shown before it kept, a reconnect row in
/// the timeline and a mark in the effects view.
@Suite("A reconnecting app in view --listen (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct LiveViewerReconnectTests {
    @Test("the app hangs up after #5 and reconnects: one session, #1-#5 kept, a row says what was lost across it, the effects view marks it on the running effect's bar")
    func reconnectKeepsTheSession() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let app = try ReconnectingApp(writingIn: tmux.directory)
        let socket = tmux.directory.path("run/scope.sock")
        tmux.type("\(storescope) view --listen run/scope.sock; echo exit=$?")
        try tmux.waitFor("Waiting for an app to connect on run/scope.sock")

        var first: RawPeer? = try RawPeer(connectingTo: socket)
        first?.send(app.firstConnection)
        try tmux.waitFor("#5/5 │ no filter │ following")
        first = nil  // the app loses its listener
        try tmux.waitFor("#5/5 │ no filter │ following │ app disconnected")

        let second = try RawPeer(connectingTo: socket)
        second.send(app.secondConnection)
        let resumed = try tmux.waitFor("#10/10 │ no filter │ following │ session ended")
        #expect(resumed.contains("reconnected: it continues after the reconnect row"), "\(resumed)")
        #expect(!resumed.contains("(2/2)") && !resumed.contains("new session"), "the same session, not a second one: \(resumed)")
        let lines = resumed.split(separator: "\n").map(String.init)
        let row = try #require(lines.firstIndex { $0.hasPrefix("  ⇄ app reconnected") }, "\(resumed)")
        #expect(lines[row].contains("3 actions lost (#6-#8)"), "\(lines[row])")
        #expect(lines[row - 1].contains("#5 "), "the row follows the last action before the reconnect: \(lines[row - 1])")
        #expect(lines[row + 1].contains("#9 "), "and precedes the first one after it: \(lines[row + 1])")
        #expect(lines.contains { $0.contains("   #1 ") }, "what was shown before the reconnect is still there: \(resumed)")

        tmux.keys("e")
        let effects = try tmux.waitFor("── effect 1 (1 of 1)")
        let bar = try #require(effects.split(separator: "\n").first { $0.contains(" poll ") }, "\(effects)")
        #expect(bar.contains("⇄"), "the reconnect crosses the running effect's bar: \(bar)")
        #expect(!bar.hasSuffix("L"), "its end may be among the dropped records: not called a leak")
        #expect(effects.contains("the app reconnected at"), "\(effects)")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}
