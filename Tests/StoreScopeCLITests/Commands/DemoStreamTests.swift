import Foundation
import TraceFormat
import StoreScopeTestSupport
import Testing

extension LiveProcessTests {
    /// `storescope demo` says where to look next and what its live stream delivered; `listen`
    /// says how to run an app against it (issue 19, item 24).
    @Suite("demo and listen: what to run next")
    struct DemoStreamTests {
        static func demo(_ trace: String, socket: String) throws -> ChildProcess.Outcome {
            try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["STORESCOPE_SOCKET=\(socket)", try ProductLocator.url(of: "storescope").path, "demo", "--output", trace])
        }

        @Test("with a listener at $STORESCOPE_SOCKET the demo says the listener received the session, and ends by suggesting view")
        func demoStreamsToAListener() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock"), trace = directory.path("demo.sstrace")
            let listener = try Live.listen(socket, ["--quiet"])
            #expect(listener.stderr.contains("Listening on \(socket) (Ctrl-C to stop); run an app against it with STORESCOPE_SOCKET=\(socket), e.g. STORESCOPE_SOCKET=\(socket) storescope demo\n"), "\(listener.stderr)")
            let demo = try Self.demo(trace, socket: socket)
            try Live.stop(listener)
            #expect(demo.status == 0, "\(demo.stderr)")
            #expect(demo.stdout.hasSuffix("""

                Streamed live to \(socket) ($STORESCOPE_SOCKET): the listener received 6 actions
                Browse it with: storescope view \(trace)   (every record: storescope cat \(trace))

                """), "\(demo.stdout)")
        }

        @Test("without a listener the demo says the session was not streamed and how to start one")
        func demoWithoutAListener() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("none.sock"), trace = directory.path("demo.sstrace")
            let demo = try Self.demo(trace, socket: socket)
            #expect(demo.status == 0, "\(demo.stderr)")
            #expect(demo.stdout.contains("\nNot streamed to \(socket) ($STORESCOPE_SOCKET): no listener took the session"), "\(demo.stdout)")
            #expect(demo.stdout.contains("; start one with: storescope listen \(socket)\n"))
            #expect(demo.stdout.hasSuffix("Browse it with: storescope view \(trace)   (every record: storescope cat \(trace))\n"))
        }

        @Test("with the wrong pairing secret the demo names the secret to fix, not a listener to start")
        func demoWithTheWrongSecret() throws {
            let directory = try TemporaryDirectory()
            let trace = directory.path("demo.sstrace")
            let (listener, address) = try Live.listenTCP(directory.path("run/scope.sock"))
            let demo = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["STORESCOPE_TCP=\(address)", "STORESCOPE_PAIRING=\(PairingSecret.generate())",
                 try ProductLocator.url(of: "storescope").path, "demo", "--output", trace])
            try Live.stop(listener)
            #expect(demo.status == 0, "\(demo.stderr)")
            #expect(demo.stdout.contains("\nNot streamed to tcp \(address) ($STORESCOPE_TCP): the listener refused the session (pairing failed: wrong pairing secret"), "\(demo.stdout)")
            #expect(demo.stdout.contains("; give the app the secret the listener printed: STORESCOPE_PAIRING=…\n"), "\(demo.stdout)")
            #expect(!demo.stdout.contains("start one with"))
        }

        @Test("with a listener that takes the connection but never pairs, the demo says the connection was still opening, not to start one")
        func demoWithASilentListener() throws {
            let directory = try TemporaryDirectory()
            let trace = directory.path("demo.sstrace")
            // A TCP port that accepts connections (the kernel's backlog) and never answers.
            let bound = try #require(try? Syscalls.resolve(TCPAddress(host: "127.0.0.1", port: 0), numericOnly: true, passive: true).get())
            let silent = try #require(try? Syscalls.listenTCP(at: bound).get())
            defer { close(silent) }
            let port = try #require(Syscalls.boundPort(silent))
            let demo = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["STORESCOPE_TCP=127.0.0.1:\(port)", "STORESCOPE_PAIRING=\(PairingSecret.generate())",
                 try ProductLocator.url(of: "storescope").path, "demo", "--output", trace])
            #expect(demo.status == 0, "\(demo.stderr)")
            #expect(demo.stdout.contains("\nNot streamed to tcp 127.0.0.1:\(port) ($STORESCOPE_TCP): the connection to tcp 127.0.0.1:\(port) was still opening when the session closed"), "\(demo.stdout)")
            #expect(!demo.stdout.contains("start one with"), "\(demo.stdout)")
            #expect(!demo.stdout.contains("refused"), "\(demo.stdout)")
        }
    }
}
