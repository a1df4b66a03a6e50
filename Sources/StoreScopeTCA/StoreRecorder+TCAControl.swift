// Control of a TCA store: jumps installed by the recorded reducer. Compiled only with the
// package trait "TCA", like the adapter.

#if TCA
import ComposableArchitecture
import StoreScope
import TraceFormat

extension StoreRecorder where State: Decodable, Action: Decodable {
    /// Lets a listener act on `store`, a TCA store whose root reducer is
    /// ``ComposableArchitecture/Reducer/recorded(by:)`` with this recording: every
    /// command of `allowControl(_:whileLocked:replaceState:dispatch:)`, jumps included.
    ///
    /// ```swift
    /// store = Store(initialState: AppFeature.State()) { AppFeature().recorded(by: recording) }
    /// recording.allowControl(store: store)
    /// ```
    ///
    /// A TCA store's state changes only in its reducer, so a jump goes through it: on the main
    /// actor, the state is handed to the recorded reducer, and the store is sent an action (the
    /// first action the recorded reducer reduced, kept for this) that the recorded reducer does
    /// not reduce: it installs the state instead and returns no effect, and records nothing (the
    /// trace marks the jump). Reducers inside `.recorded(by:)` never see that action; reducers
    /// composed outside it would reduce it as if it were sent again, so keep `.recorded(by:)`
    /// the outermost modifier of the store's reducer. The jump fails, saying why, when the
    /// recorded reducer has reduced no action yet, or when the store's reducer does not record
    /// with this recording.
    /// Dispatched actions and the actions held by a lock are sent with `store.send`.
    ///
    /// - Parameters:
    ///   - store: the store, made with a reducer recorded by this recording.
    ///   - commands: the commands allowed; others are refused (and recorded as such).
    ///   - whileLocked: whether the app's actions wait while locked, or are refused.
    @MainActor
    public func allowControl(store: Store<State, Action>, _ commands: ControlCommands = .all, whileLocked: LockedActions = .held) {
        let installer = StateInstaller<State, Action>.of(self)
        allowControl(
            commands, whileLocked: whileLocked,
            replaceState: { [weak store] state in
                try await MainActor.run {
                    guard let store else { throw StateInstaller<State, Action>.Refusal("the store is gone") }
                    try installer.install(state, in: store)
                }
            },
            dispatch: { [weak store] action in
                await MainActor.run { _ = store?.send(action) }
            })
    }
}

/// Installs a state in a TCA store through its recorded reducer (``StoreRecorder/allowControl(store:_:whileLocked:)``):
/// one per recording, shared by the recorded reducers built with it. The reducer keeps the first
/// action it reduced as the carrier; an install hands the state over, sends the carrier, and the
/// reducer, seeing a state handed over, installs it instead of reducing the carrier.
final class StateInstaller<State: Sendable, Action: Sendable>: Sendable {
    struct Refusal: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private struct Slots {
        var carrier: Action?
        var handedOver: State?
    }

    /// Set while a state is handed over: one relaxed load per action otherwise.
    private let installing = AtomicValue<Bool>(false)
    /// Set once the carrier is kept: one relaxed load per action after the first.
    private let hasCarrier = AtomicValue<Bool>(false)
    private let slots = LockedValue(Slots())

    /// The installer of `recording`'s store.
    static func of(_ recording: StoreRecorder<State, Action>) -> StateInstaller {
        StateInstallers.shared.installer(of: recording) { StateInstaller() }
    }

    /// Called by the recorded reducer with each action before it reduces it: keeps the first
    /// as the carrier; installs a handed-over state into `state` instead of reducing. Returns
    /// whether it installed one (the action is then not reduced, nor recorded).
    @inline(__always)
    func intercept(_ action: Action, into state: inout State) -> Bool {
        if !hasCarrier.load(ordering: .relaxed) { keepCarrier(action) }
        guard installing.load(ordering: .relaxed), let handed = slots.withLock({ slots -> State? in
            defer { slots.handedOver = nil }
            return slots.handedOver
        }) else { return false }
        state = handed
        return true
    }

    private func keepCarrier(_ action: Action) {
        slots.withLock { if $0.carrier == nil { $0.carrier = action } }
        hasCarrier.store(true, ordering: .relaxed)
    }

    /// Installs `state` in `store` on the main actor, where the store reduces: nothing else is
    /// reduced in between, as the store reduces what it is sent at once when it is not busy,
    /// and it cannot be while this runs.
    @MainActor
    func install(_ state: State, in store: Store<State, Action>) throws {
        guard let carrier = slots.withLock({ $0.carrier }) else {
            throw Refusal("the recorded reducer has reduced no action yet, and a TCA store's state changes only in its reducer")
        }
        slots.withLock { $0.handedOver = state }
        installing.store(true, ordering: .relaxed)
        _ = store.send(carrier)
        installing.store(false, ordering: .relaxed)
        let notTaken = slots.withLock { slots in
            defer { slots.handedOver = nil }
            return slots.handedOver != nil
        }
        if notTaken {
            throw Refusal("the store's reducer is not recorded with this recording (`.recorded(by:)`), so it could not install it")
        }
    }
}

/// The installers by recording, held as long as their recording.
final class StateInstallers: Sendable {
    static let shared = StateInstallers()

    private struct Entry {
        weak var recording: AnyObject?
        var installer: any Sendable
    }

    private let entries = LockedValue<[ObjectIdentifier: Entry]>([:])

    func installer<State, Action>(
        of recording: StoreRecorder<State, Action>, _ make: () -> StateInstaller<State, Action>
    ) -> StateInstaller<State, Action> {
        entries.withLock { entries in
            if let entry = entries[ObjectIdentifier(recording)], entry.recording === recording,
               let installer = entry.installer as? StateInstaller<State, Action> {
                return installer
            }
            entries = entries.filter { $0.value.recording != nil }
            let installer = make()
            entries[ObjectIdentifier(recording)] = Entry(recording: recording, installer: installer)
            return installer
        }
    }
}
#endif
