import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// A recorder whose last reference goes away without `close()` closes itself (issue 20): the
/// trace has every action, the session's end and the footer, and the file is free again.
@Suite struct RecorderReleaseTests {
    /// Records `count` actions through a recorder that is a local of this function, never closed.
    private static func recordWithoutClosing(path: String, count: Int) throws {
        let recorder = try Recorder(sink: .file(path))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...count { recording.record(.add(id, "item \(id)"), reducing: &state) { reduceList(&$0, $1) } }
    }

    /// Makes a session and returns only its store's recorder.
    private static func setUp(path: String) throws -> StoreRecorder<ListState, ListAction> {
        let recorder = try Recorder(sink: .file(path))
        return recorder.store("list", initialState: ListState(), actions: ListAction.self)
    }

    private static func expectComplete(_ path: String, actions: Int) throws {
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer, "a footer index: the session was closed")
        let records = reader.allRecords()
        #expect(records.compactMap(\.actionRecord).map(\.seq) == (1...actions).map(UInt64.init))
        #expect(records.contains { if case .sessionEnded = $0 { true } else { false } })
    }

    @Test("a recorder released without close() has written every action, the session's end and the footer when the release returns")
    func releasedRecorderCloses() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("released.sstrace")
        try Self.recordWithoutClosing(path: path, count: 50)
        try Self.expectComplete(path, actions: 50)
    }

    @Test("a released recorder frees its trace file: a new recorder can open the same path at once")
    func releasedRecorderFreesTheLock() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reused.sstrace")
        try Self.recordWithoutClosing(path: path, count: 5)
        let next = try Recorder(sink: .file(path))
        #expect(next.close(timeout: .recorderCloseInTests))
    }

    @Test("a store recorder that outlives every other reference to its Recorder keeps it open and records until it is released")
    func storeRecorderKeepsItsRecorder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("kept.sstrace")
        do {
            let recording = try Self.setUp(path: path)
            #expect(!recording.recorder.isClosed)
            var state = ListState()
            for id in 1...30 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
            #expect(recording.recorder.flush())
            #expect(recording.recorder.status.actionsRecorded == 30)
        }
        try Self.expectComplete(path, actions: 30)
    }
}

/// The `@main` shape of issue 20, in a child process: `static func main()` keeps the recorder in
/// a local and returns.
@Suite(.tags(.process)) struct RecorderMainReturnTests {
    @Test("an app whose main() returns without close() leaves every action, the session's end and the footer", arguments: ["main", "setup"])
    func mainReturnsWithoutClose(shape: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("main.sstrace")
        let child = try ChildProcess.run(product: "recorder-main-fixture", [path, "300", shape])
        #expect(child.status == 0, "stderr: \(child.stderr)")
        #expect(child.stdout.contains("sent 300"))
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer)
        let records = reader.allRecords()
        #expect(records.compactMap(\.actionRecord).map(\.seq) == Array(1...300))
        #expect(records.contains { if case .sessionEnded = $0 { true } else { false } })
    }

    #if os(Linux)
    @Test("a recorder released without close() stops its worker thread")
    func releasedRecorderStopsItsWorker() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("threads.sstrace")
        let child = try ChildProcess.run(product: "recorder-main-fixture", [path, "50", "threads"])
        #expect(child.status == 0, "stderr: \(child.stderr)")
        let counts = child.stdout.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] == counts[1], "the worker thread is gone: \(child.stdout)")
        #expect(try TraceReader(path: path).indexSource == .footer)
    }
    #endif
}
