import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport

/// Misusing a recorder is loud: it is reported and counted, never silent loss or a damaged trace.
@Suite struct RecorderMisuseTests {
    @Test("actions sent after close are counted in the status and reported once")
    func actionsAfterCloseAreCounted() throws {
        let directory = try TemporaryDirectory()
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(sink: .file(directory.path("t.sstrace")), configuration: .init(diagnostics: diagnostics.handler))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...3 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.close())
        for id in 4...8 { recording.record(.add(id, "late"), reducing: &state) { reduceList(&$0, $1) } }
        let status = recorder.status
        #expect(status.actionsRecorded == 3)
        #expect(status.actionsAfterClose == 5)
        #expect(status.actionsDropped == 0)
        #expect(diagnostics.all.filter { $0.contains("after the recorder was closed") }.count == 1)
        #expect(try readTrace(directory.path("t.sstrace")).compactMap(\.actionRecord).count == 3)
    }

    @Test("events sent after close are counted and not kept")
    func eventsAfterCloseAreNotKept() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(sink: .file(directory.path("t.sstrace")))
        let recording = recorder.store("list", initialState: ListState(), actions: ListAction.self)
        #expect(recorder.close())
        for index in 0..<10_000 { recorder.log("late \(index)") }
        let span = recording.startEffect("late effect", startedBy: nil)
        span.finish()
        #expect(recorder.queue.contents.withLock { $0.events.count } == 0)
        #expect(recorder.status.eventsAfterClose == 10_002)
        #expect(recorder.flush(timeout: .milliseconds(100)), "a flush after close returns at once")
    }

    @Test("no action is pending once close returns")
    func nothingIsPendingAfterClose() throws {
        let directory = try TemporaryDirectory()
        for round in 0..<20 {
            let recorder = try Recorder(sink: .file(directory.path("\(round).sstrace")))
            var state = ListState()
            let recording = recorder.store("list", initialState: state, actions: ListAction.self)
            for step in 0..<300 { recording.record(.setFilter("\(step)"), reducing: &state) { reduceList(&$0, $1) } }
            #expect(recorder.close())
            let status = recorder.status
            #expect(status.pendingActions == 0, "round \(round)")
            #expect(status.actionsRecorded + status.actionsDropped == 300)
        }
    }
}
