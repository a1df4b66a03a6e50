import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

/// Issue 8 #11: truncation by capture limits is never silent.
@Suite struct RecorderTruncationTests {
    @Test("status counts every value a capture limit cut, exactly as many as the trace holds")
    func statusCountsTruncatedValues() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("truncated.sstrace")
        let recorder = try Recorder(
            sink: .file(path),
            configuration: .init(appName: "Lists", capture: CaptureOptions(maximumCollectionCount: 3), diagnostics: { _ in }))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        let reduce = recording.reducer(reduceList)
        for id in 1...6 { reduce(&state, .add(id, "item \(id)")) }
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let inTrace = try TraceReader(path: path).allRecords().reduce(0) { $0 + $1.truncatedValueCount }
        #expect(inTrace > 0)
        #expect(recorder.status.truncatedValues == UInt64(inTrace))
    }

    @Test("status reports no truncation when nothing was cut")
    func statusIsZeroWithoutTruncation() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(sink: .file(directory.path("whole.sstrace")), configuration: .init(diagnostics: { _ in }))
        var state = ListState()
        let reduce = recorder.store("list", initialState: state, actions: ListAction.self).reducer(reduceList)
        for id in 1...6 { reduce(&state, .add(id, "item \(id)")) }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.truncatedValues == 0)
    }
}
