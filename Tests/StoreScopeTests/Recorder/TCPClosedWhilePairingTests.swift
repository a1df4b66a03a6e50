import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

/// An app whose session ends while its TCP connection still pairs (a short run, a busy
/// listener): the close gives the pairing its second, so the session reaches the listener, or
/// the app learns why it did not, instead of being told that no listener was there.
@Suite("A TCP session closed while it pairs")
struct TCPClosedWhilePairingTests {
    /// A listener on a loopback port of its own, not polled yet, and a recorder that streams to
    /// it with its pairing secret and has recorded five actions.
    private static func fiveActionsStreamed(
        in directory: TemporaryDirectory, diagnostics: @escaping @Sendable (String) -> Void
    ) throws -> (LiveListener, Recorder) {
        let secret = PairingSecret.generate()
        var options = LiveListener.Options()
        options.tcp = [TCPAddress(host: "127.0.0.1", port: 0)]
        options.pairing = secret
        let listener = try LiveListener(path: directory.path("run/live.sock"), options: options)
        let address = try #require(listener.tcpAddresses.first)
        let recorder = try Recorder(sink: .tcp(address, pairing: secret), configuration: .init(diagnostics: diagnostics))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...5 { recording.record(.add(id, "item \(id)"), reducing: &state) { reduceList(&$0, $1) } }
        return (listener, recorder)
    }

    @Test("a session that ends before the listener answers the pairing is sent once it does, within the close's second")
    func closedMidPairing() throws {
        let directory = try TemporaryDirectory()
        let (listener, recorder) = try Self.fiveActionsStreamed(in: directory, diagnostics: { _ in })

        // The listener answers only after the app has begun to close.
        let polled = PolledListener(listener, startingAfter: 0.2)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        // The session's end, or the connection refused before it began one (pairing cut short).
        try polled.waitUntil {
            $0.contains {
                switch $0 {
                case .ended, .refused: true
                default: false
                }
            }
        }
        let records = polled.stop()
        #expect(records.compactMap(\.actionRecord).map(\.seq) == Array(1...5))
        let stream = try #require(recorder.status.sinks.first)
        #expect(stream.actionsRecorded == 5 && stream.actionsDropped == 0, "\(stream)")
    }

    @Test("a session whose listener took the connection but never pairs within the close's second is told so, its actions counted lost")
    func closedWithTheListenerSilent() throws {
        let directory = try TemporaryDirectory()
        let diagnostics = DiagnosticsLog()
        // Never polled: the kernel takes the app's connection, nothing answers its pairing.
        let (listener, recorder) = try Self.fiveActionsStreamed(in: directory, diagnostics: diagnostics.handler)
        let address = try #require(listener.tcpAddresses.first)

        #expect(recorder.close(timeout: .recorderCloseInTests))
        let stream = try #require(recorder.status.sinks.first)
        #expect(stream.lastError?.contains("tcp \(address) was still opening when the session closed") == true, "\(stream)")
        #expect(stream.actionsRecorded == 0 && stream.actionsDropped == 5 && stream.actionsUnconfirmed == 0, "\(stream)")
        #expect(diagnostics.all.contains { $0.contains("was still opening when the session closed") }, "\(diagnostics.all)")
        withExtendedLifetime(listener) {}
    }

    @Test("an app listening for a tool that never connects closes with nothing to report: no connection was under way")
    func listeningAppClosedWithoutATool() throws {
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(
            sink: .tcpListening(TCPAddress(host: "127.0.0.1", port: 0), pairing: PairingSecret.generate()),
            configuration: .init(diagnostics: diagnostics.handler))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...3 { recording.record(.add(id, "item \(id)"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let stream = try #require(recorder.status.sinks.first)
        #expect(stream.lastError == nil, "\(stream)")
        #expect(!diagnostics.all.contains { $0.contains("still opening") }, "\(diagnostics.all)")
    }
}
