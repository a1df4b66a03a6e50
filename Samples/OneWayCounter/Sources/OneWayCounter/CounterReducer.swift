// StoreScope: begin OneWay effect helper
import OneWay
import StoreScope  // StoreScope

extension AnyEffect {
    /// This effect, recorded as an effect named `name` whose parent is the action being reduced.  // StoreScope: a helper in the app
    func recorded<State>(_ name: String, by recording: StoreRecorder<State, Element>) -> AnyEffect<Element> {
        let values = recording.effect(name, startedBy: recording.lastSentSeq, self.values)
        var effect = AnyEffect.sequence { send in
            do { for try await value in values { send(value) } } catch {}
        }
        effect.method = method
        return effect
    }
}
// StoreScope: end OneWay effect helper

/// The counter's reducer, in OneWay's shape.
public struct CounterReducer: Reducer {
    // StoreScope: begin OneWay reducer
    let recording: StoreRecorder<CounterState, CounterAction>  // StoreScope
    let service: FactService

    public func reduce(state: inout CounterState, action: CounterAction) -> AnyEffect<CounterAction> {
        recording.reduce(&state, action) { state, action in  // StoreScope: around the reducer's body
            switch action {
            case .increment:
                state.count += 1
                return .none
            case .fetchFact:
                state.isLoadingFact = true
                return .single { [service, count = state.count] in .factLoaded(await service.fact(for: count)) }
                    .recorded("fetchFact", by: recording)  // StoreScope
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
                .recorded("countUp", by: recording)
            case .fetchSlowFact:
                state.isLoadingFact = true
                return .single { [service, count = state.count] in .factLoaded(await service.slowFact(for: count)) }
                    .cancellable("slowFact")
                    .recorded("slowFact", by: recording)
            case .cancelSlowFact:
                state.isLoadingFact = false
                return .cancel("slowFact")
            }
        }
    }
}
