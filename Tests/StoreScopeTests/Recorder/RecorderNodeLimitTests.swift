import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

/// The capture node limit and the format's per-chunk item limit agree: a state larger than the
/// node limit is recorded truncated (and counted), never refused by the writer and lost.
@Suite struct RecorderNodeLimitTests {
    @Test("maximumNodes is clamped to what one chunk can hold")
    func maximumNodesIsClamped() {
        #expect(CaptureOptions(maximumNodes: .max).maximumNodes == CaptureOptions.maximumNodesLimit)
        #expect(CaptureOptions.default.maximumNodes <= CaptureOptions.maximumNodesLimit)
        #expect(CaptureOptions.maximumNodesLimit < TraceLimits.maximumItemsPerChunk)
    }

    @Test("a keyframe over the default node limit is written truncated, not dropped")
    func oversizedKeyframeIsWrittenTruncated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("huge.sstrace")
        let recorder = try Recorder(
            sink: .file(path),
            configuration: .init(appName: "Huge", capture: CaptureOptions(maximumCollectionCount: .max), diagnostics: { _ in }))
        let state = HugeState(flags: [Bool](repeating: true, count: TraceLimits.maximumItemsPerChunk + 10))
        _ = recorder.store("huge", initialState: state, actions: HugeAction.self)
        // Capturing millions of values takes seconds, many more under ThreadSanitizer beside
        // the other suites: the default 10 s close timeout made this a wall-clock assertion.
        #expect(recorder.close(timeout: .seconds(300)))

        let records = try TraceReader(path: path).allRecords()
        let keyframes = records.filter { if case .keyframe = $0 { true } else { false } }
        #expect(keyframes.count == 1)
        #expect(recorder.status.truncatedValues > 0)
        #expect(recorder.status.actionsDropped == 0)
    }
}

private struct HugeState: Sendable { var flags: [Bool] }
private enum HugeAction: Sendable { case noop }
