// StoreScope: begin OneWay effect helper
import Foundation
import OneWay
import StoreScope  // StoreScope

extension AnyEffect {
    /// This effect, recorded as an effect named `name` whose parent is the action being reduced;  // StoreScope: a helper in the app
    /// it sends its actions to the store itself, each linked to it when the store reduces it then.
    func recorded<State>(_ name: String, by recording: StoreRecorder<State, Element>, sending send: StoreSend<Element>) -> AnyEffect<Element> {
        let values = recording.effect(name, startedBy: recording.lastSentSeq, self.values)
        var effect = AnyEffect.sequence { _ in
            var iterator = values.makeAsyncIterator()
            while let value = try? await iterator.next() {
                await iterator.effect.linkingFirstAction { await send(value) }
            }
        }
        effect.method = method
        return effect
    }
}

/// The store's `send`, given once the store exists (kept under an `NSLock`: this builds for iOS 16).
final class StoreSend<Action: Sendable>: @unchecked Sendable {  // @unchecked: `send` is used only under `lock`
    private let lock = NSLock()
    private var send: (@Sendable (Action) async -> Void)?

    func connect(_ send: @escaping @Sendable (Action) async -> Void) {
        lock.lock()
        defer { lock.unlock() }
        self.send = send
    }

    func callAsFunction(_ action: Action) async { await connected()?(action) }

    private func connected() -> (@Sendable (Action) async -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        return send
    }
}
// StoreScope: end OneWay effect helper

/// The counter's reducer, in OneWay's shape.
public struct CounterReducer: Reducer {
    // StoreScope: begin OneWay reducer
    let recording: StoreRecorder<CounterState, CounterAction>  // StoreScope
    let send = StoreSend<CounterAction>()  // StoreScope: connected to the store once it exists
    let service: FactService

    public func reduce(state: inout CounterState, action: CounterAction) -> AnyEffect<CounterAction> {
        recording.record(action, reducing: &state, whileLocked: .none) { state, action in  // StoreScope: around the reducer's body
            switch action {
            case .increment:
                state.count += 1
                return .none
            case .fetchFact:
                state.isLoadingFact = true
                return .single { [service, count = state.count] in .factLoaded(await service.fact(for: count)) }
                    .recorded("fetchFact", by: recording, sending: send)  // StoreScope
            // StoreScope: end OneWay reducer
            case .decrement:
                state.count -= 1
                return .none
            case let .factLoaded(fact):
                state.fact = fact
                state.isLoadingFact = false
                return .none
            case let .countUp(times):
                return .sequence { send in
                    for _ in 0..<times {
                        await Task.yield()
                        send(.increment)
                    }
                }
                .recorded("countUp", by: recording, sending: send)
            case .fetchSlowFact:
                state.isLoadingFact = true
                return .single { [service, count = state.count] in .factLoaded(await service.slowFact(for: count)) }
                    .cancellable("slowFact")
                    .recorded("slowFact", by: recording, sending: send)
            case .cancelSlowFact:
                state.isLoadingFact = false
                return .cancel("slowFact")
            }
        }
    }
}
