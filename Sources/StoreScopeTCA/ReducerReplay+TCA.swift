// The replay of a recorded session through a TCA reducer. Compiled only with the package trait
// "TCA", as the rest of this target.
#if TCA
@_spi(Internals) import ComposableArchitecture
import StoreScope

extension ReducerReplay {
    /// A replay through a Composable Architecture reducer, as the store runs it: each recorded
    /// action goes through `reducer` with the dependencies `dependencies` sets, and the effects
    /// it returns are dropped (the actions they sent are in the trace, and are replayed as
    /// inputs in their place).
    ///
    /// ```swift
    /// let replay = ReducerReplay(reducer: AppFeature()) {
    ///     $0.uuid = .incrementing
    ///     $0.date = .constant(Date(timeIntervalSince1970: 0))
    /// }
    /// let report = try replay.check(tracePath: fixture)
    /// #expect(report.divergence == nil, "\(report)")
    /// ```
    ///
    /// Give the reducer what it read while the session was recorded: a value it takes from a
    /// dependency (a `uuid()`, `date.now`) is in the recorded state, and the replay's state
    /// differs there unless the dependency gives the same value again (record the session with
    /// the same generators to replay it exactly). The dependencies are set once for the whole
    /// replay, so a generator's sequence goes on from action to action as it did in the app; a
    /// dependency left unset is TCA's test value (in a test, an unimplemented one fails it).
    ///
    /// A navigation stack is recorded as its screens (StoreScope's `TraceCapturedAsElements`):
    /// decoding a recorded stack gives its screens new ids. The screens the reducer pushes get
    /// ids from 0 on, as in an app that started with the session: replay from the session's start
    /// (a stack that starts empty) to send element actions to the ids the app gave its screens.
    ///
    /// - Parameters:
    ///   - store: the store whose actions to replay; the trace's main store by default.
    ///   - from: the first action to replay; `nil`: the store's first action.
    ///   - to: the last action to replay; `nil`: the store's last one.
    ///   - capture: the capture options the app recorded with.
    ///   - redactedText: the text a redacted `String` decodes as, when set.
    ///   - actions: actions to send instead of the recorded ones, by seq.
    ///   - reducer: the feature's reducer (`AppFeature()`).
    ///   - dependencies: sets the dependencies the reducer reads, as the recording app had them.
    public init<Feature: Reducer>(
        store: String? = nil, from: UInt64? = nil, to: UInt64? = nil, capture: CaptureOptions = .default, redactedText: String? = nil,
        actions: [UInt64: Action] = [:], reducer: Feature, dependencies: (inout DependencyValues) -> Void = { _ in }
    ) where Feature.State == State, Feature.Action == Action {
        // Set once: a generator (`.incrementing`) keeps its place across the replay's actions.
        // The stack's ids start where the app's did, at launch, whatever the test ran before.
        let values = withDependencies {
            $0.stackElementID = .liveValue
            dependencies(&$0)
        } operation: {
            DependencyValues._current
        }
        self.init(store: store, from: from, to: to, capture: capture, redactedText: redactedText, actions: actions) { (state: inout State, action: Action) in
            withDependencies {
                $0 = values
            } operation: {
                _ = reducer._reduce(into: &state, action: action)
            }
        }
    }
}
#endif
