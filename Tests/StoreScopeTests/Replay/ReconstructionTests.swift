import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceFormat

/// Runs `steps` random mutations from `initial` and checks, after every step, that the
/// keyframe plus every patch so far equals the capture of the current state. Returns the
/// keyframe, the patches and the captured states for a replay through a trace file.
private func run<State>(
    _ initial: State, steps: Int, seed: UInt64, options: CaptureOptions,
    mutate: (inout State, inout SplitMix64, inout Int) -> Void
) throws -> (keyframe: TraceValue, patches: [[PatchOperation]], states: [TraceValue]) {
    var rng = SplitMix64(seed: seed)
    var nextID = 0
    var state = initial
    let keyframe = captureValue(state, options: options)
    var tree = keyframe
    var patches: [[PatchOperation]] = []
    var states: [TraceValue] = []
    for _ in 0..<steps {
        let old = state
        for _ in 0..<Int.random(in: 1...3, using: &rng) { mutate(&state, &rng, &nextID) }
        let patch = capturePatch(from: old, to: state, options: options)
        try tree.apply(patch)
        let expected = captureValue(state, options: options)
        #expect(tree == expected)
        if tree != expected { break }
        patches.append(patch)
        states.append(expected)
    }
    return (keyframe, patches, states)
}

private let limited = CaptureOptions(maximumDepth: 4, maximumCollectionCount: 3)

@Test(arguments: [CaptureOptions.default, limited])
func keyframePlusPatchesRebuildsEveryFeedState(options: CaptureOptions) throws {
    _ = try run(Feed(), steps: 2_000, seed: 1, options: options) { $0.mutate(using: &$1, nextID: &$2) }
}

@Test(arguments: [CaptureOptions.default, limited])
func keyframePlusPatchesRebuildsEveryBoardState(options: CaptureOptions) throws {
    _ = try run(Board(), steps: 1_500, seed: 2, options: options) { $0.mutate(using: &$1, nextID: &$2) }
}

@Test(arguments: [CaptureOptions.default, limited])
func keyframePlusPatchesRebuildsEverySessionState(options: CaptureOptions) throws {
    _ = try run(Session.signedOut(lastError: nil), steps: 2_000, seed: 4, options: options) { $0.mutate(using: &$1, nextID: &$2) }
}

@Test(arguments: ["feed", "session"])
func statesReplayedFromATraceFileMatchTheCapturedStates(shape: String) throws {
    let (keyframe, patches, states) = shape == "feed"
        ? try run(Feed(), steps: 1_000, seed: 3, options: .default) { $0.mutate(using: &$1, nextID: &$2) }
        : try run(Session.signedOut(lastError: nil), steps: 1_000, seed: 5, options: .default) { $0.mutate(using: &$1, nextID: &$2) }
    let directory = try TemporaryDirectory()
    let path = directory.path("reconstruction.sstrace")
    let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Tests", store: "feed", schemaFingerprint: 0), chunkSize: 4096)
    try writer.append(.keyframe(Keyframe(seq: 0, store: "feed", state: keyframe)))
    for (index, patch) in patches.enumerated() {
        try writer.append(.patch(StatePatch(seq: UInt64(index + 1), store: "feed", operations: patch)))
    }
    try writer.close()

    let reader = try TraceReader(path: path)
    #expect(reader.chunks.count > 1)
    var tree: TraceValue?
    var replayed: [TraceValue] = []
    reader.forEachRecord { record in
        switch record {
        case let .keyframe(frame): tree = frame.state
        case let .patch(patch):
            try? tree?.apply(patch.operations)
            if let tree { replayed.append(tree) }
        default: break
        }
        return true
    }
    #expect(replayed.count == states.count)
    #expect(replayed == states)
}
