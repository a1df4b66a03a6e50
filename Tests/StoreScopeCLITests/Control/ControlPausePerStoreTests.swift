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
    /// A pause applies to the store that allowed it (issue 44, item 1): it was recorder-wide,
    /// so a store that never opted into control stopped being recorded too.
    @Suite("a pause pauses one store")
    struct ControlPausePerStoreTests {
        typealias Session = ControlHoldEndsTests.Session

        /// The real listener, and an app whose main store allows control and whose store
        /// "other" does not, recording to its own file too; each store has sent an action.
        static func start(_ name: String) throws -> Session {
            let session = try Session(app: name, ["--also", "other"])
            try recordOther(session.app, 1, endingAt: 2)
            return session
        }

        static func recordOther(_ app: RunningProcess, _ count: Int, endingAt seq: Int) throws {
            app.send("record-in other \(count)")
            try app.waitForOutput(containing: "recorded \(seq)\n")
        }

        /// Main and other take turns while main is paused: main #3 #4, other #5 #6, main
        /// #7, other #8, main #9.
        static func takeTurns(_ app: RunningProcess) throws {
            try Live.record(app, 2, endingAt: 4)
            try recordOther(app, 2, endingAt: 6)
            try Live.record(app, 1, endingAt: 7)
            try recordOther(app, 1, endingAt: 8)
            try Live.record(app, 1, endingAt: 9)
        }

        static let paused: Set<UInt64> = [3, 4, 7, 9]

        @Test("paused, the main store's actions are dropped records where they were sent, and the store that did not opt in is recorded and rebuilt at every action")
        func pauseSparesTheOtherStore() throws {
            let session = try Self.start("two-stores")
            let (socket, file, app) = (session.socket, session.file, session.app)
            let refused = try Control.run(["pause", "--store", "other"], socket: socket)
            #expect(refused.status == 1)
            #expect(refused.stdout.contains("pause: refused: store \"other\" does not allow control"), "\(refused.stdout)\(refused.stderr)")
            let pause = try Control.run(["pause"], socket: socket)
            #expect(pause.stdout.contains("actions are not recorded until resumed"), "\(pause.stdout)\(pause.stderr)")
            try Self.takeTurns(app)
            let resume = try Control.run(["resume"], socket: socket)
            #expect(resume.stdout.contains("resume: done: 4 actions (#3…#9) were not recorded while paused"), "\(resume.stdout)\(resume.stderr)")
            try Live.record(app, 1, endingAt: 10)
            let journal = try Live.close(app)
            try Live.stop(session.listener)

            let records = try TraceReader(path: file).allRecords()
            try Self.expectAccounted(records, journal: journal, file: file)
            // `storescope state` answers for the store that went on being recorded, mid-pause.
            let other = try ChildProcess.storescope(["state", file, "--store", "other", "--at", "8"])
            #expect(other.status == 0, "\(other.stdout)\(other.stderr)")
            let main = try ChildProcess.storescope(["state", file, "--at", "8"])
            #expect(main.status == 1 && main.stderr.contains("the state of main after #8 is unknown: the recorder dropped action #7; it is known again from the keyframe at #9"), "\(main.stdout)\(main.stderr)")
        }

        @Test("the listener killed while one store is paused: that store is resumed by name, the other was recorded throughout")
        func pauseOfOneStoreEndsWithItsListener() throws {
            let session = try Self.start("two-stores-killed")
            let (socket, file, app) = (session.socket, session.file, session.app)
            #expect(try Control.run(["pause"], socket: socket).status == 0)
            try Self.takeTurns(app)
            session.listener.signal(SIGKILL)
            _ = try session.listener.waitForExit()
            try app.waitForOutput("the pause released") { _ in
                let outcomes = (try? TraceReader(path: file).allRecords()).map(Control.outcomes(in:)) ?? []
                return outcomes.contains { $0.command == "resume" && $0.store == "main" }
            }
            try Live.record(app, 1, endingAt: 10)
            let journal = try Live.close(app)

            let records = try TraceReader(path: file).allRecords()
            #expect(Control.outcomes(in: records).contains {
                $0.command == "resume" && $0.store == "main"
                    && $0.detail == "released: the listener that set it went away: 4 actions (#3…#9) were not recorded while paused"
            }, "\(Control.outcomes(in: records).map(\.message))")
            try Self.expectAccounted(records, journal: journal, file: file)
        }

        @Test("an app that closes while a store is paused marks the paused actions as dropped: none goes missing unsaid")
        func closedWhilePaused() throws {
            let session = try Self.start("closed-paused")
            #expect(try Control.run(["pause"], socket: session.socket).status == 0)
            try Live.record(session.app, 2, endingAt: 4)
            _ = try Live.close(session.app)
            let records = try TraceReader(path: session.file).allRecords()
            let dropped = records.compactMap { if case let .dropped(run) = $0 { "\(run.count) #\(run.firstSeq)…#\(run.lastSeq)" } else { nil } }
            #expect(dropped == ["2 #3…#4"], "\(dropped)")
        }

        /// Every action is in the trace or in a `dropped` record, and the dropped ones are
        /// exactly the paused ones; every state of "other" is rebuilt from the trace and matches
        /// its actions; "main" is unknown inside the pause and right again after it.
        static func expectAccounted(_ records: [Record], journal: [(seq: UInt64, value: Int)], file: String) throws {
            var recorded: [UInt64: (store: String, value: Int)] = [:]
            for case let .action(action) in records {
                guard case let .enumeration(_, "step", payload) = action.action, case let .int(value)? = payload.first?.value else { continue }
                recorded[action.seq] = (action.store, Int(value))
            }
            var dropped: Set<UInt64> = []
            var droppedCount: UInt64 = 0
            for case let .dropped(run) in records {
                dropped.formUnion(run.firstSeq...run.lastSeq)
                droppedCount += run.count
            }
            #expect(dropped == paused && droppedCount == UInt64(paused.count), "dropped \(dropped.sorted()) (\(droppedCount))")
            #expect(Set(recorded.keys) == Set(1...10).subtracting(paused), "recorded \(recorded.keys.sorted())")
            #expect(recorded.filter { $0.value.store == "other" }.keys.sorted() == [2, 5, 6, 8])

            let session = try TraceSession(path: file)
            for seq in UInt64(1)...10 {
                let expected = recorded.filter { $0.value.store == "other" && $0.key <= seq }.reduce(0) { $0 + $1.value.value }
                let answer = session.state(of: "other", after: seq)
                #expect((try? answer.result.get()).flatMap(Control.total(of:)) == expected, "other after #\(seq): \(answer.result)")
            }
            func mainTotal(after seq: UInt64) -> Int { journal.filter { $0.seq <= seq }.reduce(0) { $0 + $1.value } }
            // Known again at its last paused action: resume writes a keyframe of it there.
            for seq in paused.subtracting([9]) {
                #expect((try? session.state(of: "main", after: seq).result.get()) == nil, "main after paused #\(seq) is unknown")
            }
            for seq: UInt64 in [1, 2, 9, 10] {
                let answer = session.state(of: "main", after: seq)
                #expect((try? answer.result.get()).flatMap(Control.total(of:)) == mainTotal(after: seq), "main after #\(seq): \(answer.result)")
            }
        }
    }
}
