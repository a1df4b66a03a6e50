import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LiveProcessTests {
    /// Live sessions over loopback TCP with pairing (issue 42): the same stream as on the Unix
    /// socket, with the real listener killed, restarted and stopped, in both directions.
    @Suite("storescope listen --tcp and --connect")
    struct ListenTCPTests {
        @Test("an app streaming over TCP to a listener stopped, killed, restarted and SIGSTOPped: one file, every action received or counted, a note at each reconnect")
        func restartsOverTCP() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let (first, address) = try Live.listenTCP(socket, record: recordings)
            let app = try Live.tcpApp("far", to: address)
            try Live.record(app, 20, endingAt: 20)
            try first.waitForOutput(containing: " #20 main action")
            try Live.stop(first, with: SIGINT)

            // The same port, the same secret: the app reconnects, pairs, proves its session.
            let (second, _) = try Live.listenTCP(socket, on: address, record: recordings)
            let reconnected = try second.waitForOutput(containing: "session reconnected")
            #expect(reconnected.contains("continuing \(recordings)/far-"), "\(reconnected)")
            let resumed = try Live.recordUntilReceived(app, by: second, after: 20)
            try Live.record(app, 20, endingAt: resumed + 20)
            try second.waitForOutput(containing: " #\(resumed + 20) main action")
            second.signal(SIGKILL)
            _ = try second.waitForExit()

            try Live.record(app, 20, endingAt: resumed + 40)
            let (third, _) = try Live.listenTCP(socket, on: address, record: recordings)
            try third.waitForOutput(containing: "session reconnected")
            var last = try Live.recordUntilReceived(app, by: third, after: resumed + 40)
            // Stopped, the listener reads nothing: the app buffers, then drops whole chunks
            // and counts them, and never waits.
            third.signal(SIGSTOP)
            for _ in 0..<10 {
                try Live.record(app, 100, endingAt: last + 100)
                last += 100
            }
            third.signal(SIGCONT)
            let after = try Live.recordUntilReceived(app, by: third, after: last)
            let journal = try Live.close(app)
            try third.waitForOutput(containing: "app closed the session")
            try Live.stop(third, with: SIGINT)

            #expect(journal.count == after)
            let records = try Live.recordsOfTheOneCleanFile(in: recordings)
            let counts = Live.verify(journal, against: records)
            #expect(counts.received + counts.dropped == after)
            #expect(counts.received >= 40, "\(counts)")
            let notes = records.filter { if case let .log(log) = $0 { ReconnectNote.matches(log) } else { false } }
            #expect(notes.count == 2, "one note per reconnect")
            let figures = try #require(Live.sinkFigures(app, "tcp"))
            #expect(figures.unconfirmed == 0 && figures.recorded + figures.dropped == UInt64(after), "\(figures)")
            #expect(figures.recorded == UInt64(counts.received), "what the app counts as recorded is what the file holds: \(figures) \(counts)")
        }

        @Test("the reverse direction: an app listens on its loopback, the listener connects, is killed, and a new one continues the session's file")
        func listenerConnectsToTheApp() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let (app, address) = try Live.listeningApp("device")
            #expect(app.stderr.contains("iproxy"), "the app says how to reach it over USB: \(app.stderr)")
            let first = try Live.listenConnecting(socket, to: address, record: recordings)
            try first.waitForOutput(containing: "session started")
            try Live.record(app, 10, endingAt: 11)
            try first.waitForOutput(containing: " #11 main action")
            first.signal(SIGKILL)
            _ = try first.waitForExit()

            try Live.record(app, 10, endingAt: 21)
            let second = try Live.listenConnecting(socket, to: address, record: recordings)
            try second.waitForOutput(containing: "session reconnected")
            let last = try Live.recordUntilReceived(app, by: second, after: 21)
            let journal = try Live.close(app)
            try second.waitForOutput(containing: "app closed the session")
            try Live.stop(second)

            let files = try Live.recordings(in: recordings)
            #expect(files.count == 1, "\(files)")
            let counts = Live.verify(journal, against: try Live.records(try #require(files.first)))
            #expect(counts.received + counts.dropped == last)
            #expect(counts.received >= 12, "\(counts)")
        }

        @Test("a wrong secret is refused on both sides, each saying so, and nothing of that app is recorded")
        func wrongSecret() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let (listener, address) = try Live.listenTCP(socket, record: recordings)
            let app = try Live.tcpApp("stranger", to: address, pairing: PairingSecret.generate().description)
            try Live.record(app, 5, endingAt: 5)
            try app.waitForError(containing: "wrong pairing secret")
            try listener.waitForError(containing: "pairing failed: wrong pairing secret")
            _ = try Live.close(app)
            #expect(Live.sinkFigures(app, "tcp")?.recorded == 0)
            try Live.stop(listener)
            #expect(try Live.recordings(in: recordings).isEmpty)
            #expect(!listener.stdout.contains("session started"))

            // Nothing listens: the app names the cause.
            let lonely = try Live.tcpApp("lonely", to: address)
            try Live.record(lonely, 1, endingAt: 1)
            try lonely.waitForError(containing: "refused: nothing listens on \(address)")
            _ = try Live.close(lonely)
        }

        @Test("hostile TCP peers — a wrong secret, a replayed handshake, garbage, a slowloris, a flood, one that pairs and then sends bad frames or lies — never hurt another session")
        func hostilePeers() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let (listener, address) = try Live.listenTCP(socket, record: recordings, ["--stall-timeout", "1"])
            let app = try Live.tcpApp("honest", to: address)
            try Live.record(app, 10, endingAt: 10)
            try listener.waitForOutput(containing: " #10 main action")

            // A peer with another secret.
            let wrong = try TCPPeer(connectingTo: address)
            guard case .pairing(.wrongSecret)? = try wrong.pair(secret: PairingSecret.generate().description) else {
                Issue.record("a wrong secret paired")
                return
            }
            try listener.waitForError(containing: "pairing failed: wrong pairing secret")

            // A handshake recorded from a real pairing and replayed on a new connection.
            let genuine = try TCPPeer(connectingTo: address)
            var handshake = PairingHandshake(role: .app, secret: try #require(PairingSecret(typed: Live.pairing)))
            guard case let .waiting(proof) = handshake.receive(genuine.receive()) else {
                Issue.record("the listener sent no hello")
                return
            }
            let recorded = handshake.hello + proof
            genuine.send(recorded)
            let replayed = try TCPPeer(connectingTo: address)
            replayed.send(recorded)
            try listener.waitForError("the replay refused") { $0.components(separatedBy: "pairing failed: wrong pairing secret").count == 3 }

            // Bytes that are not pairing, a peer that stalls inside its hello, and a flood.
            let garbage = try TCPPeer(connectingTo: address)
            garbage.send(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            try listener.waitForError(containing: "does not speak StoreScope pairing")
            let slow = try TCPPeer(connectingTo: address)
            slow.send(Array("SSP".utf8))
            var random = SplitMix64(seed: 42)
            var flood: [TCPPeer] = []
            for index in 0..<40 {
                let peer = try TCPPeer(connectingTo: address)
                if index % 2 == 0 { peer.send((0..<2_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }) }
                flood.append(peer)
            }
            try listener.waitForError(containing: "sent no complete pairing for 1.0 seconds; disconnected")

            // Peers that pair and then send a frame with a wrong code, or a stream that is no trace.
            let forger = try TCPPeer(connectingTo: address)
            #expect(try forger.pair() == nil)
            forger.send([10, 0, 0, 0] + [UInt8](repeating: 1, count: 10) + [UInt8](repeating: 0, count: 32))
            try listener.waitForError(containing: "paired frame #0 fails its authentication code")
            let liar = try TCPPeer(connectingTo: address)
            #expect(try liar.pair() == nil)
            try liar.sendPaired(Array("not a trace at all, but paired".utf8))
            try listener.waitForError(containing: "does not start with the StoreScope signature")

            // The honest app never noticed.
            try Live.record(app, 10, endingAt: 20)
            try listener.waitForOutput(containing: " #20 main action")
            let journal = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            flood.removeAll()
            try Live.stop(listener)
            let files = try Live.recordings(in: recordings)
            #expect(files.count == 1, "only the honest app was recorded: \(files)")
            let counts = Live.verify(journal, against: try Live.records(try #require(files.first)))
            #expect(counts.received == 20 && counts.dropped == 0, "\(counts)")
            #expect(Live.sinkFigures(app, "tcp") == Live.SinkFigures(recorded: 20, dropped: 0, unconfirmed: 0))
            #expect(listener.stdout.components(separatedBy: "session started").count == 2, "no other session started: \(listener.stdout)")
        }

        @Test("control over TCP: a paired app is controlled through the listener's socket; a peer that fails pairing on an app's own port is dropped before any command")
        func controlOverTCP() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let (listener, address) = try Live.listenTCP(socket, record: recordings)
            let app = try Live.tcpApp("ruled", to: address, ["--control", "held"])
            try Live.record(app, 5, endingAt: 5)
            try listener.waitForOutput(containing: " #5 main action")
            let paused = try Control.run(["pause"], socket: socket)
            #expect(paused.status == 0 && paused.stdout.contains("done"), "\(paused.stdout)\(paused.stderr)")
            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)
            let outcomes = Control.outcomes(in: try Live.records(try #require(try Live.recordings(in: recordings).first)))
            #expect(outcomes.map(\.result) == [.done], "\(outcomes)")

            // The app listens: a peer with the wrong secret sends a command right behind its
            // proof; the app drops it unread and says why, and records no outcome.
            let deviceFile = directory.path("device.sstrace")
            let (device, deviceAddress) = try Live.listeningApp("device", ["--control", "held", "--file", deviceFile])
            let intruder = try TCPPeer(connectingTo: deviceAddress)
            let command = try ControlCommand(
                id: 1, store: "main", issuer: ControlCommand.Issuer(pid: 1, uid: 0), request: .pause
            ).encoded()
            #expect(try intruder.pair(secret: PairingSecret.generate().description, as: .listener) != nil)
            intruder.send(ListenerMessage.messages(carrying: command))
            try device.waitForError(containing: "wrong pairing secret")
            try Live.record(device, 5, endingAt: 6)
            let journal = try Live.close(device)
            #expect(journal.count == 6)
            let deviceRecords = try Live.records(deviceFile)
            #expect(Control.outcomes(in: deviceRecords).isEmpty, "no command was read: \(Control.outcomes(in: deviceRecords))")
            #expect(deviceRecords.contains { if case .sessionEnded = $0 { true } else { false } })
        }
    }
}
