import Foundation
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// Issue 19, item 15: an app that loses its connection to `view --listen` and reconnects goes
/// on in the same session on screen, with what was shown before it kept, a reconnect row in
/// the timeline and a mark in the effects view. A real listener on a real socket; the viewer's
/// reducer and render on its sessions.
@Suite("A reconnecting app in view --listen", .serialized)
struct LiveViewerReconnectTests {
    @Test("the app hangs up after #5 and reconnects: one session, #1-#5 kept, a row says what was lost across it, the effects view marks it on the running effect's bar")
    func reconnectKeepsTheSession() throws {
        let listening = try Listening()
        defer { _ = listening.arrivals.finish() }
        var viewer = ListenerViewer(listening.arrivals)
        let app = try ReconnectingApp(writingIn: listening.directory)

        var first: RawPeer? = try RawPeer(connectingTo: listening.socket)
        first?.send(app.firstConnection)
        try viewer.poll { $0.lastSeq == 5 }
        #expect(viewer.statusLine.contains(" #5/5 │ no filter │ following"), "\(viewer.statusLine)")
        first = nil  // the app loses its listener
        // The listener completes the file before it says how the connection ended: the reader
        // may show the file ended ("session ended") a turn before the viewer hears why.
        try viewer.poll { $0.sessionEnded && $0.sessionEnding == "app disconnected" }
        #expect(viewer.statusLine.hasSuffix("#5/5 │ no filter │ following │ app disconnected"), "\(viewer.statusLine)")

        let second = try RawPeer(connectingTo: listening.socket)
        second.send(app.secondConnection)
        try viewer.poll { $0.lastSeq == 10 && $0.sessionEnded }
        #expect(viewer.state.sessions.entries.count == 1, "the same session, not a second one")
        viewer.expectScreen(ViewerGolden.reconnected)

        viewer.press(.character("e"))
        try viewer.poll { $0.effects.spans?.isComplete == true && !$0.waitsForBackgroundReader }
        viewer.expectScreen(ViewerGolden.reconnectedEffects)
    }
}
