// The Composable Architecture adapter. Compiled only with the package trait "TCA" (see
// Package.swift): without it this target is empty and TCA is neither fetched nor pinned. Plain
// TCA and StoreScope API, nothing platform-specific: the same file builds on macOS and Linux.
#if TCA
import ComposableArchitecture
@_exported import StoreScope
@_spi(Reflection) import Swift
import Synchronization

extension Reducer where State: Sendable, Action: Sendable {
    /// This reducer, recorded: every action it reduces with the state it produced, and every
    /// `.run` effect it returns as an effect span whose parent is that action; the actions the
    /// effect sends are linked to it, and its end is recorded (finished, or cancelled when the
    /// task running it is). Apply it to the root reducer, where the store is made:
    ///
    /// ```swift
    /// Store(initialState: AppFeature.State()) { AppFeature().recorded(by: recording) }
    /// ```
    ///
    /// An effect is named after the action that returned it (`standups.element.startMeeting`).
    /// Effects that TCA runs as publishers (`.send`, `.cancel(id:)`, Combine publishers) run as
    /// before, unrecorded; the actions they send are recorded with no effect. A `.run` effect
    /// made cancellable with ``ComposableArchitecture/Effect/recordedCancellable(id:cancelInFlight:)``
    /// instead of `.cancellable(id:cancelInFlight:)` is recorded as cancelled when
    /// `.cancel(id:)` (or a newer effect with `cancelInFlight`) stops it.
    ///
    /// - Parameter recording: the store's recorder, `recorder.store(_:initialState:actions:)`.
    /// - Returns: the reducer, recorded.
    public func recorded(
        by recording: StoreRecorder<State, Action>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> RecordedReducer<Self> {
        RecordedReducer(base: self, recording: recording, fileID: fileID, line: line)
    }
}

/// A reducer recorded by ``ComposableArchitecture/Reducer/recorded(by:fileID:line:)``.
public struct RecordedReducer<Base: Reducer>: Reducer where Base.State: Sendable, Base.Action: Sendable {
    public typealias State = Base.State
    public typealias Action = Base.Action

    let base: Base
    let recording: StoreRecorder<State, Action>
    let fileID: StaticString
    let line: UInt
    let links = ActionLinks()
    let cases = EffectCases<Action>()

    init(base: Base, recording: StoreRecorder<State, Action>, fileID: StaticString, line: UInt) {
        self.base = base
        self.recording = recording
        self.fileID = fileID
        self.line = line
    }

    public func _reduce(into state: inout State, action: Action) -> Effect<Action> {
        let pending = recording.willSend(action, from: links.take())
        let span = RecordedSpan()
        let effect = RecordedSpan.$reducing.withValue(span) { base._reduce(into: &state, action: action) }
        recording.didReduce(pending, state: state)
        guard cases.isRun(effect) else { return effect }
        let name = EffectNames.name(of: action), parent = pending.seq
        // All in the store's task, one after the other: start the span, run the effect, end the
        // span. Each action the effect sends passes `map` on the main actor right before the
        // store reduces it there (`Send` reduces at once), so the reducer takes the link then.
        return Effect<Action>.run { [recording, fileID, line] _ in
            span.start(recording.startEffect(name, startedBy: parent, fileID: fileID, line: line))
        }
        .concatenate(with: effect.map { [links] action in
            links.offer(span.span)
            return action
        })
        .concatenate(with: .run { _ in span.end(cancelled: Task.isCancelled) })
    }
}

extension Effect where Action: Sendable {
    /// This effect made cancellable, as `.cancellable(id:cancelInFlight:)` makes it, such that a
    /// recorded reducer sees it cancelled: TCA runs a cancellable effect in a task of its own and
    /// cancels that task, which the reducer's span cannot see from outside; this effect notes
    /// the cancellation from inside it.
    ///
    /// ```swift
    /// return .run { send in ... }
    ///     .recordedCancellable(id: CancelID.meeting)  // was .cancellable(id: CancelID.meeting)
    /// ```
    public func recordedCancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
        guard let span = RecordedSpan.reducing, EffectCases<Action>().isRun(self) else {
            return cancellable(id: id, cancelInFlight: cancelInFlight)
        }
        return concatenate(with: .run { _ in if Task.isCancelled { span.noteCancelled() } })
            .cancellable(id: id, cancelInFlight: cancelInFlight)
    }
}

/// Whether an effect is a `.run` effect (not `.none` or a publisher). TCA keeps an effect's
/// operation internal, so it is read through the runtime's reflection, as StoreScope's capture
/// reads values: the stored field `operation` of `Effect`, an enum whose case is `run`, `publisher`
/// or `none`. Found once per reducer; each check then costs a case-name lookup (`Mirror` would
/// cost ~4 µs per action).
struct EffectCases<Action>: Sendable {
    private let operation: (offset: Int, type: any Any.Type)?

    init() {
        var found: (offset: Int, type: any Any.Type)?
        _ = _forEachField(of: Effect<Action>.self, options: []) { name, offset, type, _ in
            guard String(cString: name) == "operation" else { return true }
            found = (offset, type)
            return false
        }
        operation = found
    }

    func isRun(_ effect: Effect<Action>) -> Bool {
        guard let operation else { return Self.isRunByMirror(effect) }
        func caseIsRun<Operation>(_: Operation.Type) -> Bool {
            let value = withUnsafeBytes(of: effect) { $0.load(fromByteOffset: operation.offset, as: Operation.self) }
            guard let name = enumCaseName(value) else { return false }
            return name[0] == 0x72 && name[1] == 0x75 && name[2] == 0x6E && name[3] == 0  // "run"
        }
        return caseIsRun(operation.type)
    }

    /// The same through `Mirror`, should the field ever be missing.
    static func isRunByMirror(_ effect: Effect<Action>) -> Bool {
        guard let operation = Mirror(reflecting: effect).children.first(where: { $0.label == "operation" })?.value
        else { return false }
        return Mirror(reflecting: operation).children.first?.label == "run"
    }
}

/// The runtime's name of an enum value's case (what `String(describing:)` prints for it).
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The span of the effect an action returned: started when the store starts the effect, ended
/// after it, cancelled if its work (or a cancellable part of it) saw its task cancelled.
final class RecordedSpan: Sendable {
    private let state = Mutex<(span: EffectSpan?, cancelled: Bool)>((nil, false))

    /// The span of the action being reduced, for ``Effect/recordedCancellable(id:cancelInFlight:)``.
    @TaskLocal static var reducing: RecordedSpan?

    var span: EffectSpan? { state.withLock { $0.span } }

    func start(_ span: EffectSpan) { state.withLock { $0.span = span } }

    func noteCancelled() { state.withLock { $0.cancelled = true } }

    func end(cancelled: Bool) {
        let (span, seen) = state.withLock { ($0.span, $0.cancelled) }
        if cancelled || seen { span?.cancel() } else { span?.finish() }
    }
}

/// The effect the next action the store reduces was sent by, offered right before it is.
final class ActionLinks: Sendable {
    private let next = Mutex<EffectSpan?>(nil)

    func offer(_ span: EffectSpan?) { next.withLock { $0 = span } }

    func take() -> EffectSpan? { next.withLock { value in defer { value = nil }; return value } }
}

/// Effect names from actions: the case names down the action's nesting,
/// `standups(.element(id: 1, action: .startMeeting))` -> `standups.element.startMeeting`.
enum EffectNames {
    static func name(of action: Any) -> String {
        var names: [String] = []
        var value: Any? = action
        while let current = value {
            let mirror = Mirror(reflecting: current)
            guard mirror.displayStyle == .enum else { break }
            guard let payload = mirror.children.first, let label = payload.label else {
                names.append(String(describing: current))
                break
            }
            names.append(label)
            value = enumInside(payload.value)
        }
        return names.isEmpty ? String(describing: type(of: action)) : names.joined(separator: ".")
    }

    /// The payload itself when it is an enum, else the last enum in a tuple payload.
    private static func enumInside(_ payload: Any) -> Any? {
        let mirror = Mirror(reflecting: payload)
        if mirror.displayStyle == .enum { return payload }
        guard mirror.displayStyle == .tuple else { return nil }
        return mirror.children.reversed().first { Mirror(reflecting: $0.value).displayStyle == .enum }?.value
    }
}
#endif
