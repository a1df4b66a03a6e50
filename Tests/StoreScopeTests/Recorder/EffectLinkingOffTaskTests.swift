import Dispatch
import Foundation
@preconcurrency import ReSwiftShapeFixture
import StoreScope
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// Issue 20, item 3: actions sent from a `Task.detached` or a GCD callback inside an effect do
/// not inherit the task-local ``EffectSpan/current``, so they were recorded with no effect.
/// The rule now: an action is linked to an effect when it is sent through the `dispatch` a
/// recorded middleware or thunk was given (bound to its effect, from any task or thread), or
/// inside ``EffectSpan/linking(_:)`` of the effect; an action sent from a detached task or a
/// callback by any other route is not linked (the effect is not known there).
@Suite struct EffectLinkingOffTaskTests {
    struct Ping: Action { var number: Int }
    struct Pong: Action { var number: Int; var route: String }

    static func reduce(_ action: any Action, _ state: Int?) -> Int {
        (state ?? 0) + ((action as? Ping)?.number ?? 0)
    }

    private func records(_ path: String) throws -> (actions: [ActionRecord], started: [EffectStarted], emitted: [EffectEmitted]) {
        let all = try TraceReader(path: path).allRecords()
        return (
            all.compactMap { if case let .action(action) = $0 { action } else { nil } },
            all.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } },
            all.compactMap { if case let .effectEmitted(emitted) = $0 { emitted } else { nil } })
    }

    private func route(_ action: ActionRecord) -> String? {
        guard case let .structure("EffectLinkingOffTaskTests.Pong", fields) = action.action, case let .string(route)? = fields.first(where: { $0.name == "route" })?.value else {
            return nil
        }
        return route
    }

    @Test("a recorded middleware's actions sent from a Task.detached and from a GCD callback are linked to its effect")
    @MainActor func middlewareDispatchIsBoundToItsEffect() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("middleware.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("counter", initialState: 0, actions: (any Action).self)
        let pong = recording.middleware("pong") { action, _ in
            guard let ping = action as? Ping else { return nil }
            return { dispatch, _ in
                nonisolated(unsafe) let dispatch = dispatch  // ReSwift's dispatch is not Sendable; it is called on the main actor
                await Task.detached {
                    await MainActor.run { dispatch(Pong(number: ping.number, route: "detached")) }
                }.value
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().async {
                        DispatchQueue.main.async {
                            dispatch(Pong(number: ping.number, route: "gcd"))
                            done.resume()
                        }
                    }
                }
            }
        }
        let store = Store(reducer: recording.reducer(Self.reduce), state: 1, middleware: [pong])
        store.dispatch(Ping(number: 7))
        await recording.waitForEffects()
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let (actions, started, emitted) = try records(path)
        let effect = try #require(started.first)
        #expect(started.count == 1)
        let pongs = actions.filter { route($0) != nil }
        #expect(pongs.map { route($0) } == ["detached", "gcd"])
        #expect(pongs.map(\.effectID) == [effect.effectID, effect.effectID])
        #expect(emitted.map(\.actionSeq) == pongs.map(\.seq))
    }

    @Test("a recorded thunk's actions sent from a Task.detached are linked to it")
    @MainActor func thunkDispatchIsBoundToItsEffect() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("thunk.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("counter", initialState: 0, actions: (any Action).self)
        let store = Store(reducer: recording.reducer(Self.reduce), state: 1, middleware: [createThunkMiddleware()])
        store.dispatch(Thunk<Int>(body: recording.thunk("load") { dispatch, _ in
            nonisolated(unsafe) let dispatch = dispatch
            await Task.detached { await MainActor.run { dispatch(Pong(number: 1, route: "detached")) } }.value
        }))
        await recording.waitForEffects()
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let (actions, started, _) = try records(path)
        let effect = try #require(started.first)
        #expect(actions.map(\.effectID) == [effect.effectID])
    }

    /// A store of its own shape: `send` records the action around a trivial reducer.
    private struct Sender: Sendable {
        let recording: StoreRecorder<Int, Int>
        func send(_ action: Int) {
            let pending = recording.willSend(action)
            recording.didReduce(pending, state: action)
        }
    }

    @Test("in an effect of one's own, a Task.detached or GCD callback is linked only through the effect read inside it and linking(_:); without, its action has no effect")
    func ownEffectLinksThroughLinking() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("own.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let sender = Sender(recording: recorder.store("numbers", initialState: 0, actions: Int.self))
        let parent = sender.recording.lastSentSeq
        await sender.recording.task("work", startedBy: parent) {
            let effect = EffectSpan.current
            sender.send(1)  // the effect's own task: linked
            await Task.detached { sender.send(2) }.value  // detached, no linking: not linked (the limit)
            await Task.detached { effect?.linking { sender.send(3) } }.value
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    sender.send(4)  // a GCD callback, no linking: not linked
                    effect?.linking { sender.send(5) }
                    done.resume()
                }
            }
        }.value
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let (actions, started, _) = try records(path)
        let effect = try #require(started.first?.effectID)
        let linked = Dictionary(uniqueKeysWithValues: actions.map { ($0.action, $0.effectID) })
        #expect(linked == [.int(1): effect, .int(2): nil, .int(3): effect, .int(4): nil, .int(5): effect])
    }

    /// A store that queues what it is sent, as OneWay's does: the call that finds it idle
    /// drains the queue, after a suspension; a call that finds it busy only queues. The first
    /// drain waits for ``release()``, so a test can queue an action meanwhile.
    private actor QueueingStore {
        let recording: StoreRecorder<Int, Int>
        private var queue: [Int] = []
        private var processing = false
        private var state = 0
        private var hold: CheckedContinuation<Void, Never>?
        private var holdsNextDrain = true

        init(recording: StoreRecorder<Int, Int>) { self.recording = recording }

        var isHeld: Bool { hold != nil }

        func release() { hold?.resume(); hold = nil }

        func send(_ action: Int) async {
            queue.append(action)
            guard !processing else { return }
            processing = true
            if holdsNextDrain {
                holdsNextDrain = false
                await withCheckedContinuation { hold = $0 }
            } else {
                await Task.yield()
            }
            for action in queue { recording.record(action, reducing: &state) { $0 += $1 } }
            queue = []
            processing = false
        }
    }

    @Test("linkingFirstAction links the action its call reduces, and not one another effect's call drained: right or not at all")
    func firstActionLinksOnlyWhatItsCallReduces() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("queueing.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("numbers", initialState: 0, actions: Int.self)
        let store = QueueingStore(recording: recording)
        let d = recording.startEffect("D", startedBy: nil), e = recording.startEffect("E", startedBy: nil)
        async let first: Void = d.linkingFirstAction { await store.send(1) }
        while await !store.isHeld { await Task.yield() }
        await e.linkingFirstAction { await store.send(2) }  // the store is busy: queued, drained by D's call
        await store.release()
        await first
        await e.linkingFirstAction { await store.send(3) }  // idle: E's own call reduces it
        d.finish()
        e.finish()
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let (actions, _, emitted) = try records(path)
        let linked = Dictionary(uniqueKeysWithValues: actions.map { ($0.action, $0.effectID) })
        #expect(linked == [.int(1): d.id, .int(2): nil, .int(3): e.id])
        #expect(emitted.map(\.effectID) == [d.id, e.id])
    }
}
