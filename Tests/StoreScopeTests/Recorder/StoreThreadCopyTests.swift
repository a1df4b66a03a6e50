import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport

/// At UI pace the store changes its collections in place: the worker gives its copy of the
/// state storage of its own for the collections the store changes, so the state it keeps never
/// makes the store's next change copy them on the app's thread.
@Suite struct StoreThreadCopyTests {
    /// A store of `ListState` whose sends report whether the reducer changed the items in place.
    final class PacedStore {
        let recorder: Recorder
        let recording: StoreRecorder<ListState, ListAction>
        var state: ListState

        init(_ recorder: Recorder, name: String = "list", items: Int = 1_000) {
            self.recorder = recorder
            // Items built at run time: a constant literal may sit in static storage, which no
            // store ever owns uniquely.
            state = ListState(items: (1...items).map { Item(id: $0, title: "item \($0)") })
            recording = recorder.store(name, initialState: state, actions: ListAction.self)
        }

        /// Sends `action` at UI pace: after the worker has recorded everything before it and
        /// more than the recorder's UI-pace gap after the previous one. Returns whether the
        /// reducer changed the items without copying them.
        func send(_ action: ListAction) -> Bool {
            #expect(recorder.flush())
            Thread.sleep(forTimeInterval: 0.002)
            let pending = recording.willSend(action)
            let buffer = state.items.withUnsafeBufferPointer { $0.baseAddress }
            reduceList(&state, action)
            let inPlace = state.items.withUnsafeBufferPointer { $0.baseAddress } == buffer
            recording.didReduce(pending, state: state)
            return inPlace
        }
    }

    @Test("after a scalar change, the store's next change to the collection it changed before is in place")
    func scalarChangeBetweenCollectionChanges() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(sink: .file(directory.path("t.sstrace")))
        let store = PacedStore(recorder)
        #expect(store.send(.toggle(1)), "the initial state the recorder keeps shared the items")
        #expect(store.send(.toggle(2)))
        _ = store.send(.setLoading(true))
        #expect(store.send(.toggle(3)), "the worker's copy after the scalar change shared the items")
        _ = store.send(.setFilter("a"))
        #expect(store.send(.toggle(4)))
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.actionsRecorded == 6)
    }

    @Test("while other stores keep the worker busy, the store's collection changes are in place")
    func otherStoresActive() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(sink: .file(directory.path("t.sstrace")))
        let store = PacedStore(recorder)
        let other = recorder.store("counter", initialState: 0, actions: Int.self)
        var count = 0
        _ = store.send(.toggle(1))
        var inPlace: [Bool] = []
        for id in 2...6 {
            inPlace.append(store.send(.toggle(id)))
            // Another store's actions arrive while the worker records this one.
            for step in 0..<2_000 { other.record(step, reducing: &count) { $0 += $1 } }
        }
        #expect(inPlace == Array(repeating: true, count: 5))
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.actionsDropped == 0)
    }

    @Test("an action the worker writes as a keyframe leaves the store's next change in place")
    func keyframeActions() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(sink: .file(directory.path("t.sstrace")), configuration: .init(keyframeEveryActions: 2))
        let store = PacedStore(recorder)
        _ = store.send(.toggle(1))
        let inPlace = (2...7).map { store.send(.toggle($0)) }
        #expect(inPlace == Array(repeating: true, count: 6))
        #expect(recorder.close(timeout: .recorderCloseInTests))
    }
}
