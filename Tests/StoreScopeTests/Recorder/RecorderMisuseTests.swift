import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

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
        #expect(recorder.close(timeout: .recorderCloseInTests))
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
        #expect(recorder.close(timeout: .recorderCloseInTests))
        for index in 0..<10_000 { recorder.log("late \(index)") }
        let span = recording.startEffect("late effect", startedBy: nil)
        span.finish()
        #expect(recorder.queue.lanes.count == 0)
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
            #expect(recorder.close(timeout: .recorderCloseInTests))
            let status = recorder.status
            #expect(status.pendingActions == 0, "round \(round)")
            #expect(status.actionsRecorded + status.actionsDropped == 300)
        }
    }
}

@Suite struct RecorderSharedNameTests {
    @Test("a second recorder on the same path fails to start and leaves the first one's trace intact")
    func twoRecordersOnOnePath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("one.sstrace")
        let first = try Recorder(sink: .file(path))
        var state = ListState()
        let recording = first.store("list", initialState: state, actions: ListAction.self)
        for id in 1...20 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        first.flush()
        #expect {
            try Recorder(sink: .file(path))
        } throws: { error in
            "\(error)".contains("another recorder is writing this trace") && "\(error)".contains(path)
        }
        for id in 21...30 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(first.close(timeout: .recorderCloseInTests))
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer)
        #expect(reader.allRecords().compactMap(\.actionRecord).map(\.seq) == Array(1...30))
        // Once the first recorder closed, the path is free again.
        let next = try Recorder(sink: .file(path))
        #expect(next.close(timeout: .recorderCloseInTests))
    }

    @Test("two live stores with one name are recorded under distinct names, and the clash is reported")
    func twoStoresWithOneName() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sstrace")
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(sink: .file(path), configuration: .init(diagnostics: diagnostics.handler))
        var a = ListState()
        var b = ListState()
        let first = recorder.store("list", initialState: a, actions: ListAction.self)
        let second = recorder.store("list", initialState: b, actions: ListAction.self)
        #expect(first.name == "list")
        #expect(second.name == "list#2")
        for id in 1...5 {
            first.record(.add(id, "a"), reducing: &a) { reduceList(&$0, $1) }
            second.record(.setFilter("b\(id)"), reducing: &b) { reduceList(&$0, $1) }
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(diagnostics.all.contains { $0.contains("already recording") && $0.contains("list#2") })
        var replay = StateReplay()
        for record in try readTrace(path) { replay.apply(record) }
        #expect(replay.stores["list"]?.value == captureValue(a))
        #expect(replay.stores["list#2"]?.value == captureValue(b))
    }

    @Test("a released store's name can be used again")
    func aReleasedNameIsFree() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(sink: .file(directory.path("t.sstrace")), configuration: .init(diagnostics: { _ in }))
        do {
            let screen = recorder.store("screen", initialState: ListState(), actions: ListAction.self)
            #expect(screen.name == "screen")
        }
        let again = recorder.store("screen", initialState: ListState(), actions: ListAction.self)
        #expect(again.name == "screen")
        #expect(recorder.close(timeout: .recorderCloseInTests))
    }
}
