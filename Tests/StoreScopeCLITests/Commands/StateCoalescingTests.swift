import Foundation
import StoreScope
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

// Issue 40, item 1: at UI pace a collection change costs the app's thread nothing that grows
// with the state, however slow the worker. With states coalesced (the default at UI pace), a
// state the worker has not taken when the store's next action comes is let go: the action is
// recorded, its state marked not recorded, and readers say so. These tests hold the worker in
// an action's capture, send renames a frame apart, and read the real trace back through the
// session engine and the built `storescope`.

/// Where the worker waits while capturing an action, until the test opens it.
private final class Gate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let open = DispatchSemaphore(value: 0)
}

private struct Row: Sendable {
    var id: Int
    var name: String
}

private struct Roster: Sendable {
    var rows: [Row]
}

/// A rename; with a gate, its capture on the worker waits at it.
private struct Rename: TraceValueConvertible, Sendable {
    var index: Int
    var name: String
    var gate: Gate?

    var traceValue: TraceValue {
        if let gate {
            gate.entered.signal()
            gate.open.wait()
        }
        return .string("rename \(index) \(name)")
    }
}

@Suite(.tags(.process)) struct StateCoalescingTests {
    struct Recording {
        var path: String
        /// Whether each send's reducer changed the rows in place, by seq.
        var inPlace: [UInt64: Bool]
        var status: RecorderStatus
    }

    /// Records five renames among 1,000 rows, 20 ms apart (UI pace): #1, then #2, whose
    /// capture holds the worker until #5 has been sent, then #3, #4 and #5.
    private static func record(_ coalescing: StateCoalescing, in directory: TemporaryDirectory) throws -> Recording {
        let path = directory.path("roster.sstrace")
        let recorder = try Recorder(sink: .file(path), configuration: .init(stateCoalescing: coalescing))
        // Built at run time: a constant literal may sit in static storage no store owns.
        var state = Roster(rows: (0..<1_000).map { Row(id: $0, name: "row \($0)") })
        let store = recorder.store("roster", initialState: state, actions: Rename.self)
        let gate = Gate()
        var inPlace: [UInt64: Bool] = [:]
        func send(_ rename: Rename) {
            Thread.sleep(forTimeInterval: 0.02)
            let pending = store.willSend(rename)
            let buffer = state.rows.withUnsafeBufferPointer { $0.baseAddress }
            state.rows[rename.index].name = rename.name
            inPlace[pending.seq] = state.rows.withUnsafeBufferPointer { $0.baseAddress } == buffer
            store.didReduce(pending, state: state)
        }
        send(Rename(index: 1, name: "a"))
        #expect(recorder.flush())
        send(Rename(index: 2, name: "b", gate: gate))
        gate.entered.wait()
        send(Rename(index: 3, name: "c"))
        send(Rename(index: 4, name: "d"))
        send(Rename(index: 5, name: "e"))
        gate.open.signal()
        #expect(recorder.close(timeout: .recorderCloseInTests))
        return Recording(path: path, inPlace: inPlace, status: recorder.status)
    }

    private static func notRecorded(in path: String) throws -> [UInt64] {
        try TraceReader(path: path).allRecords().compactMap { if case let .stateNotRecorded(record) = $0 { record.seq } else { nil } }
    }

    private static func names(_ state: TraceValue?) -> [String]? {
        guard case let .structure(_, fields)? = state, case let .array(rows)? = fields.first(where: { $0.name == "rows" })?.value else {
            return nil
        }
        return rows.prefix(6).map { row in
            guard case let .structure(_, rowFields) = row, case let .string(name)? = rowFields.first(where: { $0.name == "name" })?.value else {
                return "?"
            }
            return name
        }
    }

    @Test("at UI pace behind a held worker, the store's renames are in place and the states it could not take are marked not recorded")
    func heldWorkerAtUIPace() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(.atUIPace, in: directory)
        #expect(recording.inPlace[3] == true && recording.inPlace[4] == true && recording.inPlace[5] == true, "\(recording.inPlace)")
        #expect(recording.status.actionsRecorded == 5)
        #expect(recording.status.actionsDropped == 0)
        #expect(try Self.notRecorded(in: recording.path) == [3, 4])
        #expect(try TraceReader(path: recording.path).header.incompatibleFeatures == IncompatibleFeatures.unrecordedStates)

        let session = try TraceSession(path: recording.path)
        #expect(session.state(of: "roster", after: 3).unknown == .notRecorded(seq: 3))
        #expect(session.state(of: "roster", after: 4).unknown == .notRecorded(seq: 4))
        #expect(Self.names(session.state(of: "roster", after: 2).value) == ["row 0", "a", "b", "row 3", "row 4", "row 5"])
        #expect(Self.names(session.state(of: "roster", after: 5).value) == ["row 0", "a", "b", "c", "d", "e"])
        var replay = StateReplay()
        var replayed: [UInt64: [String]?] = [:]
        var seq: UInt64 = 0
        for record in try TraceReader(path: recording.path).allRecords() {
            if case let .action(action) = record { seq = action.seq }
            replay.apply(record)
            replayed[seq] = Self.names(replay.state(of: "roster"))
        }
        #expect(replayed[3] == .some(nil) && replayed[4] == .some(nil))
        #expect(replayed[5] == ["row 0", "a", "b", "c", "d", "e"])
    }

    @Test("storescope state and blame say the state was not recorded, and never guess")
    func readersSayNotRecorded() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(.atUIPace, in: directory)
        let state = try ChildProcess.storescope(["state", recording.path, "--at", "4"])
        #expect(state.status != 0)
        #expect(state.stderr.contains("state not recorded after #4"), "\(state.stderr)")
        let known = try ChildProcess.storescope(["state", recording.path, "--at", "5", "--path", ".rows[4].name"])
        #expect(known.status == 0)
        #expect(known.stdout.contains("\"d\""), "\(known.stdout)")
        let blame = try ChildProcess.storescope(["blame", recording.path, ".rows[3].name"])
        #expect(blame.stdout.contains("somewhere in #3…#5 (the states after #3…#4 were not recorded)"), "\(blame.stdout)")
        let blameJSON = try ChildProcess.storescope(["blame", recording.path, ".rows[3].name", "--json"])
        #expect(blameJSON.stdout.contains("\"statesNotRecordedSince\":3"), "\(blameJSON.stdout)")
        let log = try ChildProcess.storescope(["log", recording.path])
        #expect(log.stdout.contains("#4 roster state not recorded"), "\(log.stdout)")
        #expect(log.stdout.contains("(the changes since #3: the states after #3…#4 were not recorded)"), "\(log.stdout)")
        let check = try ChildProcess.storescope(["check", recording.path])
        #expect(check.stdout.contains("states:    not recorded after 2 actions (the recorder coalesced them)"), "\(check.stdout)")
    }

    @Test("the viewer's timeline says an action's state was not recorded, and since which action the next change holds")
    func viewerRows() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(.atUIPace, in: directory)
        let viewer = try ViewerHarness(path: recording.path)
        let rows = viewer.screen.split(separator: "\n").map(String.init)
        let row = { (seq: Int) in rows.first { $0.contains(" #\(seq) ") } ?? "" }
        #expect(row(3).hasSuffix("not recorded"), "\(row(3))")
        #expect(row(4).hasSuffix("not recorded"), "\(row(4))")
        #expect(row(5).contains(" #3…: .rows[3].name"), "\(row(5))")
        #expect(!row(2).contains("…:") && row(2).contains(".rows[2].name"), "\(row(2))")
    }

    @Test("with coalescing off, every state is recorded and the store copies the rows while the worker is held")
    func neverCoalesce() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(.never, in: directory)
        #expect(recording.inPlace[3] == false && recording.inPlace[4] == false && recording.inPlace[5] == false, "\(recording.inPlace)")
        #expect(try Self.notRecorded(in: recording.path).isEmpty)
        #expect(try TraceReader(path: recording.path).header.incompatibleFeatures == 0)
        let session = try TraceSession(path: recording.path)
        #expect(Self.names(session.state(of: "roster", after: 3).value) == ["row 0", "a", "b", "c", "row 4", "row 5"])
    }
}
