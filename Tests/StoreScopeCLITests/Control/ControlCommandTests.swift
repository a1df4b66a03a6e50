import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// `storescope control` against the real `storescope listen` and a real app
    /// (`live-app-fixture --control held|refused`), checked against the app's own journal and
    /// state and against the trace the listener recorded.
    @Suite("storescope control")
    struct ControlCommandTests {
        @Test("jump to #N installs exactly the state the trace has after #N, records the jump as an outcome, a mark and a keyframe, and the states after it are exact")
        func jump() throws {
            let controlled = try ControlledSession(app: "jumper")
            let (socket, recordings, listener, app) = (controlled.socket, controlled.recordings, controlled.listener, controlled.app)
            try Live.record(app, 10, endingAt: 10)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")

            app.send("effect poll")
            try app.waitForOutput(containing: "effect started")
            app.send("flush")
            try Control.waitForLines(app, "flushed", count: 2)
            let jump = try Control.run(["jump", "#6"], socket: socket)
            #expect(jump.status == 0, "\(jump.stdout)\(jump.stderr)")
            #expect(jump.stdout.hasSuffix("jump #6: done: the app's own state after #6; effects still running: poll (effect 1)\n"), "the reply names the effects the jump leaves running: \(jump.stdout)")
            try app.waitForOutput(containing: "installed total=")
            let installed = try Control.appTotal(app)
            try Live.record(app, 3, endingAt: 13)
            let final = try Control.appTotal(app)
            let journal = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)

            // The app's own journal says what the state after #6 was.
            #expect(installed == journal.prefix(6).reduce(0) { $0 + $1.value })
            let file = try #require(try Live.recordings(in: recordings).first)
            let session = try TraceSession(path: file)
            #expect(Control.total(of: try session.state(of: "main", after: 6).result.get()) == installed)
            // After the jump the trace rebuilds what the app really had.
            #expect(Control.total(of: try session.state(of: "main", after: 13).result.get()) == final)
            #expect(final == installed + journal.suffix(3).reduce(0) { $0 + $1.value })

            let records = try Live.records(file)
            let outcomes = Control.outcomes(in: records)
            #expect(outcomes.map(\.command) == ["jump #6"])
            #expect(outcomes.first?.result == .done)
            #expect(outcomes.first?.issuer.pid != 0, "who asked is recorded")
            let markIndex = try #require(records.firstIndex { if case let .log(log) = $0 { log.level == .mark && log.message == "⤺ jumped to #6" } else { false } })
            guard case let .keyframe(keyframe) = records[markIndex + 1] else {
                Issue.record("the mark is followed by the installed state's keyframe: \(records[markIndex + 1])")
                return
            }
            #expect(keyframe.seq == 10 && Control.total(of: keyframe.state) == installed)
        }

        @Test("each jump's reply names the effects running at that moment, as they start and end between jumps")
        func effectsAtEachJump() throws {
            let controlled = try ControlledSession(app: "effects")
            let (socket, listener, app) = (controlled.socket, controlled.listener, controlled.app)
            try Live.record(app, 4, endingAt: 4)
            var replies: [String] = []
            // Waits until the listener has what the app flushed, then jumps to #2.
            func jump() throws {
                app.send("flush")
                try app.waitForOutput("a flush") { $0.components(separatedBy: "flushed\n").count == replies.count + 2 }
                var reply = try Control.run(["jump", "#2"], socket: socket)
                for _ in 0..<100 where reply.stdout.contains("yet") {
                    Thread.sleep(forTimeInterval: 0.02)
                    reply = try Control.run(["jump", "#2"], socket: socket)
                }
                replies.append(String(reply.stdout.split(separator: "\n").last ?? ""))
            }
            try jump()
            app.send("effect poll")
            try app.waitForOutput(containing: "effect started")
            try jump()
            app.send("effect sync")
            try Control.waitForLines(app, "effect started", count: 2)
            app.send("finish")
            try app.waitForOutput(containing: "effect finished")
            try jump()
            app.send("finish")
            try Control.waitForLines(app, "effect finished", count: 2)
            try jump()
            _ = try Live.close(app)
            try Live.stop(listener)
            #expect(replies.map { $0.components(separatedBy: "; ").last ?? "" } == [
                "no effect was running", "effects still running: poll (effect 1)",
                "effects still running: sync (effect 2)", "no effect was running",
            ], "\(replies)")
        }

        @Test("dispatch decodes a typed action into the app's Action, the reducer runs it and the trace records it; a typo gets a caret and nothing is sent")
        func dispatch() throws {
            let controlled = try ControlledSession(app: "sender")
            let (socket, recordings, listener, app) = (controlled.socket, controlled.recordings, controlled.listener, controlled.app)
            try Live.record(app, 2, endingAt: 2)
            let before = try Control.appTotal(app)

            let typo = try Control.run(["dispatch", ".step(7, \"hi\""], socket: socket)
            #expect(typo.status == 64)
            #expect(typo.stderr == "Error: expected \",\" or \")\", found the end at column 14\n  .step(7, \"hi\"\n               ^\n", "\(typo.stderr)")
            let sent = try Control.run(["dispatch", ".step(7, \"hi\")", "--json"], socket: socket)
            #expect(sent.status == 0, "\(sent.stdout)\(sent.stderr)")
            #expect(sent.stdout.contains("\"result\":\"done\""), "\(sent.stdout)")
            try app.waitForOutput(containing: "dispatched 3")
            #expect(try Control.appTotal(app) == before + 7)
            let wrongCase = try Control.run(["dispatch", ".jump(1)"], socket: socket)
            #expect(wrongCase.status == 1)
            #expect(wrongCase.stdout.contains("dispatch: failed: the action does not decode as AppAction: AppAction has no case \"jump\""), "\(wrongCase.stdout)")
            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)

            let records = try Live.records(try #require(try Live.recordings(in: recordings).first))
            let actions = records.compactMap { record -> String? in
                if case let .action(action) = record { return "#\(action.seq) \(action.action)" }
                return nil
            }
            #expect(actions.last == "#3 .step(7, \"hi\")")
            #expect(Control.outcomes(in: records).map { "\($0.command) \($0.result)" } == ["dispatch done", "dispatch failed"])
        }

        @Test("pause and resume: the actions sent while paused are counted exactly, in the app's status and in one dropped record between the two outcomes")
        func pauseAndResume() throws {
            let controlled = try ControlledSession(app: "pauser")
            let (socket, recordings, listener, app) = (controlled.socket, controlled.recordings, controlled.listener, controlled.app)
            try Live.record(app, 4, endingAt: 4)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            #expect(try Control.run(["pause"], socket: socket).status == 0)
            try Live.record(app, 5, endingAt: 9)
            app.send("flush")
            try app.waitForOutput(containing: "recorded 9\nflushed")
            let resume = try Control.run(["resume"], socket: socket)
            #expect(resume.stdout.contains("resume: done: 5 actions (#5…#9) were not recorded while paused"), "\(resume.stdout)")
            try Live.record(app, 2, endingAt: 11)
            app.send("status")
            let status = try app.waitForOutput(containing: "paused=")
            #expect(status.contains("paused=5"), "\(status)")
            let journal = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)

            let file = try #require(try Live.recordings(in: recordings).first)
            let records = try Live.records(file)
            let counts = Live.verify(journal, against: records)
            #expect(counts.received == 6 && counts.dropped == 5)
            let drops = records.compactMap { record -> String? in
                if case let .dropped(drop) = record { return "\(drop.count) #\(drop.firstSeq)…#\(drop.lastSeq)" }
                return nil
            }
            #expect(drops == ["5 #5…#9"])
            // The state is unknown inside the pause and exact again after it.
            let session = try TraceSession(path: file)
            #expect((try? session.state(of: "main", after: 7).result.get()) == nil)
            #expect(Control.total(of: try session.state(of: "main", after: 11).result.get()) == journal.reduce(0) { $0 + $1.value })
        }

        @Test("--json stays valid JSON, and safe for a terminal, when a store's name holds a bidirectional override and a line separator (issue 44)")
        func jsonWithHostileNames() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, record: directory.path("sessions"))
            let store = "in\u{202E}box\u{2028}x"
            let app = try Live.app("hostile", socket: socket, ["--control", "held", "--store", store])
            try Live.record(app, 1, endingAt: 1)
            for arguments in [["sessions", "--json"], ["pause", "--json"], ["resume", "--json"]] {
                let reply = try Control.run(arguments, socket: socket)
                #expect(reply.status == 0, "\(arguments): \(reply.stdout)\(reply.stderr)")
                let line = reply.stdout.trimmingCharacters(in: .newlines)
                #expect(!line.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2028 }, "raw in \(line)")
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
                if arguments[0] != "sessions" { #expect(object["store"] as? String == store, "\(object)") }
            }
            _ = try Live.close(app)
            try Live.stop(listener)
        }

        @Test("lock holds the app's actions until unlock sends them in order; a store that refuses drops them and says how many")
        func lock() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, record: directory.path("sessions"))
            let held = try Live.app("holder", socket: socket, ["--control", "held"])
            try Live.record(held, 1, endingAt: 1)
            let locked = try Control.run(["lock"], socket: socket)
            #expect(locked.stdout.contains("lock: done: the app's actions are held"), "\(locked.stdout)")
            let before = try Control.appTotal(held)
            held.send("record 3")
            try Control.waitForLines(held, "recorded 1", count: 2)
            #expect(try Control.appTotal(held) == before, "nothing reduced while locked")
            let unlocked = try Control.run(["unlock"], socket: socket)
            #expect(unlocked.stdout.contains("unlock: done: 3 held actions sent, 0 refused while locked"), "\(unlocked.stdout)")
            try held.waitForOutput(containing: "dispatched 4")
            let journal = try Live.close(held)
            #expect(journal.map(\.seq) == [1, 2, 3, 4])
            try listener.waitForOutput(containing: "app closed the session")

            let refusing = try Live.app("refuser", socket: socket, ["--control", "refused"])
            try Live.record(refusing, 1, endingAt: 1)
            #expect(try Control.run(["lock"], socket: socket).stdout.contains("the app's actions are refused"))
            refusing.send("record 2")
            try Control.waitForLines(refusing, "recorded 1", count: 2)
            #expect(try Control.run(["unlock"], socket: socket).stdout.contains("0 held actions sent, 2 refused while locked"))
            #expect(try Live.close(refusing).map(\.seq) == [1])
            try Live.stop(listener)
        }

        @Test("replay after #N re-sends the app's recorded actions after it, in order, and each is reduced and recorded again")
        func replay() throws {
            let controlled = try ControlledSession(app: "replayer")
            let (socket, listener, app) = (controlled.socket, controlled.listener, controlled.app)
            try Live.record(app, 5, endingAt: 5)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            let replay = try Control.run(["replay", "2", "--through", "4"], socket: socket)
            #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
            #expect(replay.stdout.split(separator: "\n").map { $0.prefix(3) } == ["#3:", "#4:"], "\(replay.stdout)")
            try app.waitForOutput(containing: "dispatched 7")
            let journal = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)
            #expect(journal.map(\.seq) == [1, 2, 3, 4, 5, 6, 7])
            #expect(journal[5].value == journal[2].value && journal[6].value == journal[3].value, "the same actions again")
        }

        @Test("resend #N is answered as the resend it is, and the app reduces #N's action again")
        func resend() throws {
            let controlled = try ControlledSession(app: "resender")
            let (socket, listener, app) = (controlled.socket, controlled.listener, controlled.app)
            try Live.record(app, 3, endingAt: 3)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            let resend = try Control.run(["resend", "#2"], socket: socket)
            #expect(resend.status == 0, "\(resend.stdout)\(resend.stderr)")
            #expect(resend.stdout.hasSuffix("resend #2: done\n"), "not \"dispatch: done\": \(resend.stdout)")
            try app.waitForOutput(containing: "dispatched 4")
            let journal = try Live.close(app)
            try Live.stop(listener)
            #expect(journal.map(\.seq) == [1, 2, 3, 4] && journal[3].value == journal[1].value)
        }

        @Test("an app that did not allow control, allows only some commands, or runs with STORESCOPE_CONTROL=off refuses, recorded in its trace; with no listener the client says so")
        func notAllowed() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, record: directory.path("sessions"))
            let app = try Live.app("closed", socket: socket)
            try Live.record(app, 1, endingAt: 1)
            let refused = try Control.run(["pause"], socket: socket)
            #expect(refused.status == 1)
            #expect(refused.stdout.hasSuffix("pause: refused: store \"main\" does not allow control\n"), "\(refused.stdout)")
            _ = try Live.close(app)
            try Control.waitForSessionsToEnd(listener, count: 1)
            // An app that allows only some commands refuses the others, and says which it allows.
            let narrow = try Live.app("narrow", socket: socket, ["--control", "held", "--only", "pause"])
            try Live.record(narrow, 1, endingAt: 1)
            let refusedLock = try Control.run(["lock"], socket: socket)
            #expect(refusedLock.stdout.hasSuffix("lock: refused: this store allows only pause/resume\n"), "\(refusedLock.stdout)")
            #expect(try Control.run(["pause"], socket: socket).status == 0)
            _ = try Live.close(narrow)
            try Control.waitForSessionsToEnd(listener, count: 2)
            // An app that allowed control, in a run where the switch is off.
            let off = try RunningProcess(
                product: "live-app-fixture", ["switched-off", "--control", "held"],
                environment: ["STORESCOPE_SOCKET": socket, "STORESCOPE_CONTROL": "off"])
            try Live.record(off, 1, endingAt: 1)
            let switchedOff = try Control.run(["pause"], socket: socket)
            #expect(switchedOff.stdout.hasSuffix("pause: refused: control is off in this build (RecorderConfiguration.control)\n"), "\(switchedOff.stdout)")
            _ = try Live.close(off)
            try Live.stop(listener)
            let none = try Control.run(["pause"], socket: socket)
            #expect(none.status == 1 && none.stderr.hasPrefix("Error: no listener at "), "\(none.stderr)")
        }
    }
}
