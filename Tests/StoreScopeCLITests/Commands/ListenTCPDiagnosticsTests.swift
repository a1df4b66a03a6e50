import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LiveProcessTests {
    /// What each side says when TCP cannot be used (issue 42): one line naming the cause.
    @Suite("TCP: bad options and the causes each side names")
    struct ListenTCPDiagnosticsTests {
        @Test("bad --tcp, --connect and --pairing values, and --pairing or --tcp alone, are usage errors that say what is wanted")
        func usageErrors() throws {
            let cases: [([String], String)] = [
                (["listen", "--tcp", "1.2.3"], "--tcp takes [HOST:]PORT (a port from 0 to 65535), not '1.2.3'"),
                (["listen", "--tcp", "70000"], "--tcp takes [HOST:]PORT"),
                (["listen", "--connect", "host:"], "--connect takes HOST:PORT, not 'host:'"),
                (["listen", "--tcp", "7420", "--pairing", "short"], "--pairing (or $STORESCOPE_PAIRING) takes a pairing secret"),
                (["listen", "--pairing", Live.pairing], "--pairing goes with --tcp or --connect"),
                (["view", "--tcp", "7420", "trace.sstrace"], "--tcp goes with --listen"),
            ]
            for (arguments, message) in cases {
                let run = try ChildProcess.storescope(arguments)
                #expect(run.status == 64, "\(arguments): \(run.stderr)")
                #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            }
        }

        @Test("an app whose TCP settings cannot be used says why and records as if they were not set")
        func badEnvironment() throws {
            let directory = try TemporaryDirectory()
            let file = directory.path("kept.sstrace")
            let cases: [([String: String], String)] = [
                ([TCPAddress.environmentVariable: "127.0.0.1:7420"], "not streaming over TCP: STORESCOPE_TCP needs STORESCOPE_PAIRING"),
                ([TCPAddress.environmentVariable: "nowhere", PairingSecret.environmentVariable: Live.pairing], "STORESCOPE_TCP=nowhere is not [HOST:]PORT"),
                ([TCPAddress.listenEnvironmentVariable: "7420", PairingSecret.environmentVariable: "guess"], "STORESCOPE_PAIRING is not a pairing secret"),
                // An outside review: a malformed secret beside STORESCOPE_TCP was said to be missing.
                ([TCPAddress.environmentVariable: "127.0.0.1:7420", PairingSecret.environmentVariable: "wrong-secret"],
                 "not streaming over TCP: STORESCOPE_PAIRING is not a pairing secret (28 letters and digits, as the listener printed it)"),
                ([TCPAddress.environmentVariable: "mac.local:7420", PairingSecret.environmentVariable: Live.pairing], "mac.local is not an IP address"),
            ]
            for (environment, message) in cases {
                let app = try RunningProcess(product: "live-app-fixture", ["app", "--file", file], environment: environment)
                try Live.record(app, 3, endingAt: 3)
                try app.waitForError(containing: message)
                let journal = try Live.close(app)
                #expect(journal.count == 3)
                // The file the app was told to keep holds every action all the same.
                #expect(try Live.records(file).filter { if case .action = $0 { true } else { false } }.count == 3, "\(environment)")
            }
        }

        @Test("a port that takes the connection and never pairs: the app says it timed out pairing, and goes on")
        func pairingTimesOut() throws {
            // A socket that listens and never accepts: the kernel completes the connection,
            // nobody answers the hello.
            guard case let .success(address) = Syscalls.resolve(TCPAddress(host: "127.0.0.1", port: 0), numericOnly: true, passive: true),
                case let .success(mute) = Syscalls.listenTCP(at: address)
            else {
                Issue.record("cannot listen on the loopback")
                return
            }
            defer { close(mute) }
            let port = try #require(Syscalls.boundPort(mute))
            let app = try Live.tcpApp("patient", to: "127.0.0.1:\(port)")
            try Live.record(app, 2, endingAt: 2)
            try app.waitForError(containing: "timed out pairing with 127.0.0.1:\(port) after 5 s")
            try Live.record(app, 2, endingAt: 4)
            let journal = try Live.close(app)
            #expect(journal.count == 4)
            #expect(Live.sinkFigures(app, "tcp") == Live.SinkFigures(recorded: 0, dropped: 4, unconfirmed: 0))
        }
    }
}
