import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

@Suite struct RecorderTests {
    @Test func everyActionIsRecordedAndTheTraceReplaysToEveryStateTheStoreHad() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("list.sstrace")
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Lists", keyframeEveryActions: 25))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        let reduce = recording.reducer(reduceList)
        var expected: [UInt64: TraceValue] = [:]
        var generator = SplitMix64(seed: 42)
        var changedSteps = 0
        for step in 1...300 {
            let action: ListAction
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: action = .add(step, "item \(step)")
            case 1: action = .toggle(Int.random(in: 0...step, using: &generator))
            case 2: action = .remove(Int.random(in: 0...step, using: &generator))
            case 3: action = .setFilter(["", "a", "done"].randomElement(using: &generator)!)
            default: action = .setLoading(Bool.random(using: &generator))
            }
            let before = state
            reduce(&state, action)
            if state != before { changedSteps += 1 }
            expected[UInt64(step)] = captureValue(state)
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.actionsRecorded == 300)
        #expect(recorder.status.actionsDropped == 0)

        let reader = try TraceReader(path: path)
        #expect(reader.header.appName == "Lists")
        #expect(reader.indexSource == .footer)
        var replay = StateReplay()
        var checked = 0
        var keyframes = 0
        for record in reader.allRecords() {
            replay.apply(record)
            if case .keyframe = record { keyframes += 1 }
            if case let .patch(patch) = record { #expect(replay.state(of: "list") == expected[patch.seq]); checked += 1 }
            if case let .keyframe(keyframe) = record, keyframe.seq > 0 {
                #expect(replay.state(of: "list") == expected[keyframe.seq])
                checked += 1
            }
        }
        #expect(replay.state(of: "list") == expected[300])
        #expect(changedSteps > 100)
        #expect(checked >= changedSteps, "every change has its patch or keyframe")
        #expect(keyframes >= 300 / 25)
    }

    @Test func actionRecordsCarryTheirOrderStoreTimesAndSource() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("meta.sstrace")
        let recorder = try Recorder(sink: .file(path))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        let other = recorder.store("settings", initialState: 0, actions: Int.self)
        recording.record(.add(1, "a"), reducing: &state, fileID: #fileID, line: 7) { reduceList(&$0, $1) }
        var count = 0
        other.record(5, reducing: &count) { $0 += $1 }
        recording.record(.setFilter("x"), reducing: &state) { reduceList(&$0, $1) }
        recorder.close()
        let actions = try readTrace(path).compactMap(\.actionRecord)
        #expect(actions.map(\.seq) == [1, 2, 3])
        #expect(actions.map(\.store) == ["list", "settings", "list"])
        #expect(actions[0].location == SourceLocation(file: #fileID, line: 7))
        #expect(actions[0].action == captureValue(ListAction.add(1, "a")))
        #expect(actions[1].action == .int(5))
        #expect(actions.allSatisfy { $0.monotonicNanos >= recorder.header.startMonotonicNanos })
        #expect(zip(actions, actions.dropFirst()).allSatisfy { $0.monotonicNanos <= $1.monotonicNanos })
        #expect(actions.allSatisfy { abs($0.wallNanos - recorder.header.startWallNanos) < 60_000_000_000 })
    }

    @Test func aReleasedStoreRecorderIsForgottenAfterItsActionsAreRecorded() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("screens.sstrace")
        let recorder = try Recorder(sink: .file(path))
        // A store per screen, each dropped when its screen closes.
        weak var firstInbox: StoreInbox<ListState, ListAction>?
        for screen in 1...50 {
            var state = ListState(items: (0..<200).map { Item(id: $0, title: "row \($0)") })
            let recording = recorder.store("screen\(screen)", initialState: state, actions: ListAction.self)
            if screen == 1 { firstInbox = recording.inbox }
            recording.record(.toggle(screen), reducing: &state) { reduceList(&$0, $1) }
        }
        // 50 keyframes of 200 rows: time enough for a sanitizer build on a loaded machine.
        #expect(recorder.flush(timeout: .seconds(120)))
        // The worker lets go of a batch's events once the whole batch is handled, which may be
        // just after the flush in it answered; a second flush comes in a later batch.
        #expect(recorder.flush(timeout: .seconds(120)))
        #expect(firstInbox == nil, "the worker no longer holds a released store's inbox and state")
        recorder.close()
        let actions = try readTrace(path).compactMap(\.actionRecord)
        #expect(actions.map(\.store) == (1...50).map { "screen\($0)" }, "each store's action was recorded before it was let go")
    }

    @Test func flushMakesRecordsReadableWhileTheSessionIsStillOpen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.sstrace")
        let recorder = try Recorder(sink: .file(path), configuration: .init(chunking: .init(flushInterval: .seconds(60))))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...10 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.flush())
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource != .footer)
        #expect(reader.allRecords().compactMap(\.actionRecord).count == 10)
        recorder.close()
    }

    @Test func unsharingGivesTheWorkerItsOwnCopyOfChangedCollectionsOnly() {
        // Items built at run time: an optimized build may place a constant array literal in
        // static storage, which is never uniquely referenced, so any mutation would copy it.
        var state = ListState(items: (1...3).map { Item(id: $0, title: "a") }, filter: "f")
        var worker = state
        StorageUnsharing.unshare(&worker, fields: ["items"])
        #expect(worker == state)
        // The worker's copy no longer shares the buffer, so the store mutates in place.
        let storeBuffer = state.items.withUnsafeBufferPointer { $0.baseAddress }
        state.items[0].title = "b"
        #expect(state.items.withUnsafeBufferPointer { $0.baseAddress } == storeBuffer)
        #expect(worker.items[0].title == "a")
    }
}
