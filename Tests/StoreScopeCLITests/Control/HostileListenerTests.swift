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
    /// A listener written against libc sends an app (`live-app-fixture --control held`, a
    /// real process) what no honest listener would: every answer is an error record in the
    /// app's trace, and the app keeps running and recording.
    @Suite("control commands from a hostile or broken listener")
    struct HostileListenerTests {
        static func send(_ bytes: [UInt8], to connection: Int32) {
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Syscalls.sendWithoutSignal(connection, $0) }
                guard n > 0 else { return }
                sent += n
            }
        }

        /// A socket path in a private (0700) directory of `directory`, and a trace file path beside it.
        static func privateSocket(in directory: TemporaryDirectory) throws -> (socket: String, file: String) {
            let run = directory.path("run")
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            return (run + "/scope.sock", directory.path("app.sstrace"))
        }

        static func command(_ id: UInt64, _ request: ControlCommand.Request, store: String = "main") throws -> [UInt8] {
            ListenerMessage.messages(carrying: try ControlCommand(id: id, store: store, issuer: .init(pid: 1, uid: 2), request: request).encoded())
        }

        @Test("garbage, an unknown kind, a state of the wrong shape, an oversized command, a flood and a half-sent command get error records; the app runs on")
        func hostileCommands() throws {
            let directory = try TemporaryDirectory()
            let (socket, file) = try Self.privateSocket(in: directory)
            let listener = try RawListener(path: socket)
            let app = try Live.app("victim", socket: socket, ["--control", "held", "--control-limit", "4096", "--file", file])
            var connection = try listener.accept()
            try Live.record(app, 3, endingAt: 3)

            // A body of another version; an unknown kind; a store that did not opt in.
            Self.send(ListenerMessage.commandPart([0xFF, 0x00, 0x01], isLast: true).encoded, to: connection)
            Self.send(try Self.command(2, .unknown(kind: 9)), to: connection)
            Self.send(try Self.command(3, .pause, store: "other"), to: connection)
            // A state that is not an AppState (for an action whose state the app does not keep),
            // and an action that is not an AppAction.
            Self.send(try Self.command(4, .jump(sourceSeq: 99, state: .string("not a state"))), to: connection)
            Self.send(try Self.command(5, .dispatch(.array([.int(1)]))), to: connection)
            // Over the app's 4096-byte limit, in several parts.
            Self.send(ListenerMessage.commandPart(Array(repeating: 7, count: 3_000), isLast: false).encoded
                + ListenerMessage.commandPart(Array(repeating: 7, count: 3_000), isLast: true).encoded, to: connection)
            // A flood: 500 commands at once.
            var flood: [UInt8] = []
            for id in 100..<600 { flood += try Self.command(UInt64(id), .unlock) }
            Self.send(flood, to: connection)
            try Live.record(app, 2, endingAt: 5)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            Thread.sleep(forTimeInterval: 0.3)

            // Killed mid-command: the first part of a command, then the listener is gone.
            Self.send(ListenerMessage.commandPart(Array(try ControlCommand(id: 6, store: "main", issuer: .init(pid: 1, uid: 2), request: .unlock).encoded().prefix(3)), isLast: false).encoded, to: connection)
            close(connection)
            connection = try listener.accept()
            Self.send(try Self.command(1, .dispatch(.enumeration(type: "", caseName: "step", payload: [.init("", .int(1)), .init("", .string("after"))]))), to: connection)
            try app.waitForOutput(containing: "dispatched 6")
            try Live.record(app, 1, endingAt: 7)
            _ = try Live.close(app)
            close(connection)

            let records = try TraceReader(path: file).allRecords()
            let outcomes = Control.outcomes(in: records)
            func outcome(_ id: UInt64) -> String? {
                outcomes.first { $0.id == id && $0.command != "unreadable command" }.map { "\($0.result): \($0.detail ?? "")" }
            }
            let unreadable = outcomes.filter { $0.command == "unreadable command" }.compactMap(\.detail)
            #expect(unreadable.contains("control command version 255, this app reads 1"), "\(unreadable)")
            #expect(unreadable.contains("a command of 6000 bytes, more than the 4096 this app accepts"), "\(unreadable)")
            #expect(unreadable.contains("more than 64 commands at once; the rest were not read"), "\(unreadable)")
            #expect(outcome(2) == "refused: this app does not know command kind 9")
            #expect(outcome(3) == "refused: store \"other\" does not allow control")
            #expect(outcome(4)?.hasPrefix("failed: the state after #99 does not decode as AppState") == true, "\(outcome(4) ?? "none")")
            #expect(outcome(5)?.hasPrefix("failed: the action does not decode as AppAction") == true, "\(outcome(5) ?? "none")")
            let floodAnswers = outcomes.filter { (100..<600).contains($0.id) }
            #expect(!floodAnswers.isEmpty && floodAnswers.count < 500, "\(floodAnswers.count) of the flood answered")
            #expect(floodAnswers.allSatisfy { $0.result == .done || $0.detail?.hasPrefix("busy") == true })
            // The half-sent command was dropped with its connection; the next one was read whole.
            #expect(outcome(6) == nil)
            #expect(outcomes.last { $0.id == 1 }?.result == .done)
            let actions = records.compactMap { record -> UInt64? in
                if case let .action(action) = record { return action.seq }
                return nil
            }
            #expect(actions == [1, 2, 3, 4, 5, 6, 7], "every action the app sent is in its trace")
        }

        /// A dispatch whose value block cannot be inflated (it declares 60 MB and holds garbage).
        static func dispatchWithABomb(_ id: UInt64, store: String = "main") -> [UInt8] {
            var body = ByteWriter()
            body.write(ControlCommand.version)
            body.write(6)  // dispatch
            body.writeVarint(id)
            body.writeString(store)
            body.writeVarint(1)
            body.writeVarint(2)
            body.writeVarint(60_000_000)
            body.write(contentsOf: (0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
            return ListenerMessage.messages(carrying: body.bytes)
        }

        @Test("a command the app will refuse is answered before its value is read: with control off, or a store that does not allow it, a listener's values are never inflated (issue 44)")
        func refusedBeforeInflating() throws {
            let directory = try TemporaryDirectory()
            let (socket, file) = try Self.privateSocket(in: directory)
            let listener = try RawListener(path: socket)
            let off = try RunningProcess(
                product: "live-app-fixture", ["off", "--control", "held", "--file", file],
                environment: ["STORESCOPE_SOCKET": socket, "STORESCOPE_CONTROL": "off"])
            let connection = try listener.accept()
            defer { close(connection) }
            try Live.record(off, 1, endingAt: 1)
            Self.send(Self.dispatchWithABomb(1), to: connection)
            Thread.sleep(forTimeInterval: 0.3)
            try Live.record(off, 1, endingAt: 2)
            _ = try Live.close(off)
            let offOutcomes = Control.outcomes(in: try TraceReader(path: file).allRecords())
            #expect(offOutcomes.map { "\($0.command) \($0.result): \($0.detail ?? "")" } == [
                "dispatch refused: control is off in this build (RecorderConfiguration.control)",
            ], "\(offOutcomes)")

            let second = directory.path("pause-only.sstrace")
            let pauseOnly = try Live.app("pauser", socket: socket, ["--control", "held", "--only", "pause", "--file", second])
            let other = try listener.accept()
            defer { close(other) }
            try Live.record(pauseOnly, 1, endingAt: 1)
            Self.send(Self.dispatchWithABomb(7) + Self.dispatchWithABomb(8, store: "elsewhere"), to: other)
            Thread.sleep(forTimeInterval: 0.3)
            try Live.record(pauseOnly, 1, endingAt: 2)
            _ = try Live.close(pauseOnly)
            let onlyOutcomes = Control.outcomes(in: try TraceReader(path: second).allRecords())
            #expect(onlyOutcomes.map { "\($0.id) \($0.result): \($0.detail ?? "")" } == [
                "7 refused: this store allows only pause/resume",
                "8 refused: store \"elsewhere\" does not allow control",
            ], "\(onlyOutcomes)")
        }

        @Test("a jump to a state the app keeps installs the app's own, whatever state the listener sent with it; one it does not keep, sent without a state, fails and changes nothing")
        func jumpsToKeptStates() throws {
            let directory = try TemporaryDirectory()
            let (socket, file) = try Self.privateSocket(in: directory)
            let listener = try RawListener(path: socket)
            let app = try Live.app("keeper", socket: socket, ["--control", "held", "--kept-states", "3", "--file", file])
            let connection = try listener.accept()
            defer { close(connection) }
            try Live.record(app, 6, endingAt: 6)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")

            // The app keeps the states after #4, #5 and #6. The state sent with #5 is garbage: the
            // app never reads it. #2 is not kept and comes without a state; #4 is kept.
            Self.send(try Self.command(1, .jump(sourceSeq: 5, state: .string("not a state"))), to: connection)
            try app.waitForOutput("the first install") { $0.contains("installed total=") }
            Self.send(try Self.command(2, .jump(sourceSeq: 2, state: nil)), to: connection)
            Self.send(try Self.command(3, .jump(sourceSeq: 4, state: nil)), to: connection)
            try app.waitForOutput("the second install") { $0.components(separatedBy: "installed total=").count == 3 }
            let installed = app.stdout.split(separator: "\n").filter { $0.hasPrefix("installed total=") }
            let journal = try Live.close(app)

            func total(after seq: Int) -> Int { journal.prefix(seq).reduce(0) { $0 + $1.value } }
            #expect(installed.map { $0.split(separator: " ")[1] } == ["total=\(total(after: 5))", "total=\(total(after: 4))"], "\(installed)")
            let records = try TraceReader(path: file).allRecords()
            let outcomes = Control.outcomes(in: records).filter { $0.command.hasPrefix("jump") }
            #expect(outcomes.map { "\($0.command) → \($0.result): \($0.detail ?? "")" } == [
                "jump #5 → done: the app's own state after #5",
                "jump #2 → failed: no state was sent, and this app does not keep its state after #2",
                "jump #4 → done: the app's own state after #4",
            ])
            // The trace rebuilds the installed state at the latest action: the later keyframe wins.
            let session = try TraceSession(path: file)
            #expect(Control.total(of: try session.state(of: "main", after: 6).result.get()) == total(after: 4))
        }
    }
}
