// The Composable Architecture adapter. Compiled only with the package trait "TCA" (see
// Package.swift): without it this target is empty and TCA is neither fetched nor pinned. Plain
// TCA and StoreScope API, nothing platform-specific: the same file builds on macOS and Linux.

#if TCA
import ComposableArchitecture
@_exported import StoreScope
import TraceFormat
@_spi(Reflection) import Swift

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
    /// Effects that TCA runs as publishers (`.send`, `.cancel(id:)`, Combine publishers, and any
    /// merge or concatenation that holds one) are recorded too: their actions are sent at once,
    /// as before, and their span ends when the store lets the publisher go. An
    /// effect, `.run` or publisher,
    /// made cancellable with ``ComposableArchitecture/Effect/recordedCancellable(id:cancelInFlight:fileID:line:)``
    /// instead of `.cancellable(id:cancelInFlight:)` is recorded as cancelled when
    /// `.cancel(id:)` (or a newer effect with `cancelInFlight`) stops it. An effect made with
    /// ``ComposableArchitecture/Effect/recordedRun(priority:name:operation:catch:fileID:filePath:line:column:)``
    /// instead of `.run` is recorded as cancelled whoever cancels it (TCA too, when it dismisses
    /// or pops the feature that returned it), as failed when its `catch:` handled an error, and
    /// at the line that made it; other effects are recorded at no source location, as TCA keeps
    /// where they were made to itself.
    ///
    /// The reducer also installs the states a listener jumps the store to
    /// (``StoreScope/StoreRecorder/allowControl(store:_:whileLocked:)``): keep it the outermost
    /// modifier of the store's reducer.
    ///
    /// - Parameter recording: the store's recorder, `recorder.store(_:initialState:actions:)`.
    /// - Returns: the reducer, recorded.
    public func recorded(by recording: StoreRecorder<State, Action>) -> RecordedReducer<Self> {
        RecordedReducer(base: self, recording: recording)
    }
}

/// A reducer recorded by ``ComposableArchitecture/Reducer/recorded(by:)``.
public struct RecordedReducer<Base: Reducer>: Reducer where Base.State: Sendable, Base.Action: Sendable {
    public typealias State = Base.State
    public typealias Action = Base.Action

    let base: Base
    let recording: StoreRecorder<State, Action>
    let links = ActionLinks()
    let cases = EffectCases<Action>()
    let lifetime = ReducerLifetime()
    let installer: StateInstaller<State, Action>

    init(base: Base, recording: StoreRecorder<State, Action>) {
        self.base = base
        self.recording = recording
        installer = StateInstaller.of(recording)
    }

    public func _reduce(into state: inout State, action: Action) -> Effect<Action> {
        // A jump's carrier: not reduced, not recorded, and sent by no effect.
        if installer.intercept(action, into: &state) { return .none }
        let link = links.take()
        guard recording.admits(action) else {
            // Held (sent again at unlock, then linked to no effect) or refused by a listener's lock.
            link.endEffect()
            return .none
        }
        let pending = recording.willSend(action, from: link.span)
        let span = RecordedSpan()
        let effect = RecordedSpan.$reducing.withValue(span) { base._reduce(into: &state, action: action) }
        recording.didReduce(pending, state: state)
        link.endEffect()
        guard let kind = cases.kind(of: effect), kind != .none else { return effect }
        let name = EffectNames.name(of: action), parent = pending.seq
        let sent = effect.map { [links] action in
            links.offer(span.span)
            return action
        }
        switch kind {
        case .run:
            // All in the store's task, one after the other: start the span, run the effect, end
            // the span. Each action the effect sends passes `map` on the main actor right before
            // the store reduces it there (`Send` reduces at once), so the reducer takes the link.
            return Effect<Action>.run { [recording] _ in
                span.start(recording.startEffect(name, startedBy: parent, at: span.location))
            }
            .concatenate(with: sent)
            .concatenate(with: .run { _ in span.end(cancelled: Task.isCancelled) })
        case .publisher, .none:
            // A publisher (`.send`, `.cancel(id:)`, a merge that holds one) sends at once, while
            // the store is still reducing: it queues what is sent and reduces it in order right
            // after, so the span starts now, and each action queues its link in the same order.
            // It ends when the store lets the publisher go, at once when it completes, as `.send`
            // and `.cancel(id:)` do while the store reduces (``RecordedSpan``'s deinit), and after
            // the actions it sent if they still wait. A trailing `.run` to end it would cost a
            // task and ~75 µs per `.send`.
            span.start(recording.startEffect(name, startedBy: parent, at: span.location))
            span.endWhenLetGo(by: lifetime, after: links)
            return sent
        }
    }
}

extension Effect where Action: Sendable {
    /// This effect made cancellable, as `.cancellable(id:cancelInFlight:)` makes it, such that a
    /// recorded reducer sees it cancelled. TCA cancels a cancellable `.run` effect by cancelling
    /// a task of its own, and a cancellable publisher by completing it early; from outside, the
    /// reducer's span sees neither. This effect notes, from inside, that its `.run` work saw the
    /// cancellation or that its publisher came to its own end.
    ///
    /// ```swift
    /// return .run { send in ... }
    ///     .recordedCancellable(id: CancelID.meeting)  // was .cancellable(id: CancelID.meeting)
    /// ```
    ///
    /// The effect is recorded at this call's line, unless it was made where its line is known
    /// already (``recordedRun(priority:name:operation:catch:fileID:filePath:line:column:)``).
    public func recordedCancellable(
        id: some Hashable & Sendable, cancelInFlight: Bool = false, fileID: StaticString = #fileID, line: UInt = #line
    ) -> Self {
        guard let span = RecordedSpan.reducing, let kind = EffectCases<Action>().kind(of: self) else {
            return cancellable(id: id, cancelInFlight: cancelInFlight)
        }
        span.noteLocation(fileID: fileID, line: line)
        switch kind {
        case .none:
            return cancellable(id: id, cancelInFlight: cancelInFlight)
        case .run:
            return notingCancellation(in: span).cancellable(id: id, cancelInFlight: cancelInFlight)
        case .publisher:
            span.expectCompletion()
            return concatenate(with: .run { _ in span.noteCompletion() })
                .cancellable(id: id, cancelInFlight: cancelInFlight)
        }
    }

    /// This `.run` effect, then a last step in the same task that notes for `span` whether that
    /// task was cancelled: inside whatever TCA wraps the effect in later (a `.cancellable`, the
    /// navigation of a presented or stacked feature), so it sees who cancels it.
    func notingCancellation(in span: RecordedSpan) -> Self {
        concatenate(with: .run { _ in if Task.isCancelled { span.noteCancelled() } })
    }
}

/// Which kind of effect an effect is: `.none`, `.run`, or a publisher. TCA keeps an effect's
/// operation internal, so it is read through the runtime's reflection, as StoreScope's capture
/// reads values: the stored field `operation` of `Effect`, an enum whose case is `run`,
/// `publisher` or `none`. Found once per reducer; each check then costs a case-name lookup
/// (`Mirror` would cost ~4 µs per action).
struct EffectCases<Action>: Sendable {
    enum Kind { case none, run, publisher }

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

    /// The effect's kind, or nil if its operation cannot be read (a TCA whose `Effect` changed).
    func kind(of effect: Effect<Action>) -> Kind? {
        guard let operation else { return Self.kindByMirror(effect) }
        func caseName<Operation>(_: Operation.Type) -> UnsafePointer<CChar>? {
            enumCaseName(withUnsafeBytes(of: effect) { $0.load(fromByteOffset: operation.offset, as: Operation.self) })
        }
        return caseName(operation.type).flatMap { Self.kind(named: $0) }
    }

    private static func kind(named name: UnsafePointer<CChar>) -> Kind? {
        if name.matches("run") { return .run }
        if name.matches("publisher") { return .publisher }
        return name.matches("none") ? Kind.none : nil
    }

    /// The same through `Mirror`, should the field ever be missing.
    static func kindByMirror(_ effect: Effect<Action>) -> Kind? {
        guard let operation = Mirror(reflecting: effect).children.first(where: { $0.label == "operation" })?.value
        else { return nil }
        return switch Mirror(reflecting: operation).children.first?.label ?? "\(operation)" {
        case "run": .run
        case "publisher": .publisher
        case "none": Kind.none
        default: nil
        }
    }
}

extension UnsafePointer<CChar> {
    /// Whether this C string is `name`, without making a `String` of it.
    fileprivate func matches(_ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        for index in 0..<count where UInt8(bitPattern: self[index]) != name.utf8Start[index] { return false }
        return self[count] == 0
    }
}

extension EffectSpan {
    /// Ends the span with `outcome`.
    func end(_ outcome: EffectOutcome) {
        switch outcome {
        case .finished: finish()
        case .cancelled: cancel()
        case let .failed(message): fail(message: message)
        }
    }
}

/// The runtime's name of an enum value's case (what `String(describing:)` prints for it).
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The span of the effect an action returned: started when the store starts the effect, ended
/// after it, cancelled if its work (or a cancellable part of it) saw its task cancelled. A
/// publisher's span ends when the store lets the publisher go, the last reference to this span
/// with it: finished, unless a cancellable part of it was stopped or the store itself is gone.
final class RecordedSpan: Sendable {
    private struct Progress {
        var span: EffectSpan?
        var cancelled = false
        /// Where the effect was made, when an effect of it said so.
        var location: SourceLocation?
        /// The error a `catch:` of the effect handled (``Effect/recordedRun(priority:name:operation:catch:fileID:filePath:line:column:)``).
        var handledFailure: String?
        /// Cancellable publishers in the effect, and how many of them came to their own end.
        var publishers = 0, completed = 0
        /// For a publisher: the reducer of the store running it, while the store holds it, and
        /// the links its actions wait in.
        weak var store: ReducerLifetime?
        var links: ActionLinks?
        var endsWhenLetGo: Bool { links != nil }

        /// Whether the effect was stopped before its own end.
        var wasCancelled: Bool { cancelled || completed < publishers || (endsWhenLetGo && store == nil) }

        /// How the effect ended, as far as its parts saw.
        var outcome: EffectOutcome {
            if wasCancelled { return .cancelled }
            return handledFailure.map { .failed("\($0) (handled by catch:)") } ?? .finished
        }
    }

    private let state = LockedValue(Progress())

    /// The span of the action being reduced, for ``Effect/recordedCancellable(id:cancelInFlight:fileID:line:)``
    /// and ``Effect/recordedRun(priority:name:operation:catch:fileID:filePath:line:column:)``.
    @TaskLocal static var reducing: RecordedSpan?

    var span: EffectSpan? { state.withLock { $0.span } }

    /// Where the effect was made, if an effect of it said so before it started.
    var location: SourceLocation? { state.withLock { $0.location } }

    /// An effect of the span was made at `fileID:line`; the first to say so names the span's place.
    func noteLocation(fileID: StaticString, line: UInt) {
        state.withLock {
            if $0.location == nil { $0.location = SourceLocation(file: "\(fileID)", line: UInt32(truncatingIfNeeded: line)) }
        }
    }

    /// A `catch:` of the effect handled `error`.
    func noteHandledFailure(_ error: any Error) {
        let message = String(describing: error)
        state.withLock { if $0.handledFailure == nil { $0.handledFailure = message } }
    }

    func start(_ span: EffectSpan) { state.withLock { $0.span = span } }

    /// The effect is a publisher: it ends when the store lets it go, which the store running it,
    /// `store`, does when it completes (once `store` is gone, it was let go unfinished), after
    /// the last of its actions that still wait in `links`.
    func endWhenLetGo(by store: ReducerLifetime, after links: ActionLinks) {
        state.withLock {
            $0.store = store
            $0.links = links
        }
    }

    /// The effect's `.run` work saw its task cancelled.
    func noteCancelled() { state.withLock { $0.cancelled = true } }

    /// The effect holds a cancellable publisher, which ``noteCompletion()`` unless cancelled.
    func expectCompletion() { state.withLock { $0.publishers += 1 } }

    /// A cancellable publisher of the effect completed by itself.
    func noteCompletion() { state.withLock { $0.completed += 1 } }

    func end(cancelled: Bool) {
        let (span, outcome) = state.withLock { ($0.span, $0.outcome) }
        guard let span else { return }
        if cancelled { span.cancel() } else { span.end(outcome) }
    }

    deinit {
        // Ignored by a span that ended; a `.run` effect's ends after its work, so here it was
        // dropped before that.
        let (span, outcome, links) = state.withLock { ($0.span, $0.outcome, $0.links) }
        guard let span else { return }
        if let links { links.end(span, outcome) } else { span.cancel() }
    }
}

/// Lives as long as the store holds the recorded reducer: a publisher the store lets go after
/// it is gone was left unfinished.
final class ReducerLifetime: Sendable {}

/// The effects the next actions the store reduces were sent by, in the order they were sent.
/// An action a `.run` effect sends is reduced right after it passes `map`; the actions a
/// publisher sends while the store is reducing are queued by the store and reduced in order, so
/// the links are taken in the order they were offered. A publisher can complete, and its span
/// be let go, before the store reduces what it sent: its span then ends after the last of them.
/// A link whose action never reached this reducer (a child's action its parent dropped) is
/// skipped once its effect has ended, so it cannot shift the links of the actions after it.
final class ActionLinks: Sendable {
    private struct Waiting {
        var links: [EffectSpan?] = []
        /// Spans let go while actions they sent still wait, with how they ended.
        var endings: [(span: EffectSpan, outcome: EffectOutcome)] = []

        /// Removes and returns the ending of `span` if no action it sent waits any more.
        mutating func ending(of span: EffectSpan) -> EffectOutcome? {
            guard let index = endings.firstIndex(where: { $0.span === span }),
                  !links.contains(where: { $0 === span }) else { return nil }
            return endings.remove(at: index).outcome
        }
    }

    /// The effect an action was sent by, and how that effect ends once the action is reduced,
    /// if the action was the last it sent and it was let go.
    struct Link {
        var span: EffectSpan?
        var ending: EffectOutcome?

        func endEffect() {
            guard let span, let ending else { return }
            span.end(ending)
        }
    }

    private let waiting = LockedValue(Waiting())

    /// Most links ever waiting: a publisher sends this many actions before the store reduces
    /// one only in a reducer that drops them, whose links are then let go, oldest first.
    static let limit = 256

    func offer(_ span: EffectSpan?) {
        let dropped = waiting.withLock { waiting -> Link in
            var dropped = Link()
            if waiting.links.count == Self.limit, let first = waiting.links.removeFirst() {
                dropped = Link(span: first, ending: waiting.ending(of: first))
            }
            waiting.links.append(span)
            return dropped
        }
        dropped.endEffect()
    }

    func take() -> Link {
        waiting.withLock { waiting in
            while !waiting.links.isEmpty {
                guard let first = waiting.links.removeFirst() else { return Link() }
                if first.hasEnded { continue }
                return Link(span: first, ending: waiting.ending(of: first))
            }
            return Link()
        }
    }

    /// Ends `span`, let go by the store: now, or after the last action it sent that still waits.
    func end(_ span: EffectSpan, _ outcome: EffectOutcome) {
        let now = waiting.withLock { waiting in
            guard waiting.links.contains(where: { $0 === span }) else { return true }
            waiting.endings.append((span, outcome))
            return false
        }
        if now { Link(span: span, ending: outcome).endEffect() }
    }
}

/// Effect names from actions: the case names down the action's nesting,
/// `standups(.element(id: 1, action: .startMeeting))` -> `standups.element.startMeeting`. Read
/// through the runtime's reflection, as `Mirror` reads them, without making a `Mirror` of each
/// level: through `Mirror` it cost ~480,000 instructions per action that returns an effect, as
/// much as the whole send of a 2,000-todo TCA app (docs/BENCHMARKS.md, "TCA at the size of an
/// app").
enum EffectNames {
    static func name(of action: Any) -> String {
        var names: [String] = []
        var value: Any? = action
        while let current = value, Reflected.isEnum(current) {
            guard Reflected.childCount(current) == 1, case let (label?, payload) = Reflected.child(current, at: 0) else {
                names.append(String(describing: current))
                break
            }
            names.append(label)
            value = enumInside(payload)
        }
        return names.isEmpty ? String(describing: type(of: action)) : names.joined(separator: ".")
    }

    /// The payload itself when it is an enum, else the last enum in a tuple payload.
    private static func enumInside(_ payload: Any) -> Any? {
        if Reflected.isEnum(payload) { return payload }
        guard Reflected.isTuple(payload) else { return nil }
        return (0..<Reflected.childCount(payload)).reversed().lazy.map { Reflected.child(payload, at: $0).value }
            .first(where: Reflected.isEnum)
    }
}

/// What `Mirror` reads of a value, asked of the runtime directly.
private enum Reflected {
    static func isEnum(_ value: Any) -> Bool { reflectedDisplayStyle(value) == CChar(truncatingIfNeeded: UInt8(ascii: "e")) }
    static func isTuple(_ value: Any) -> Bool { reflectedDisplayStyle(value) == CChar(truncatingIfNeeded: UInt8(ascii: "t")) }
    static func childCount(_ value: Any) -> Int { reflectedChildCount(value, type: type(of: value)) }

    /// The `index`th child and its label: an enum's payload under its case's name.
    static func child(_ value: Any, at index: Int) -> (label: String?, value: Any) {
        var label: UnsafePointer<CChar>?
        var freeLabel: (@convention(c) (UnsafePointer<CChar>?) -> Void)?
        let child = reflectedChild(of: value, type: type(of: value), index: index, outName: &label, outFreeFunc: &freeLabel)
        defer { freeLabel?(label) }
        return (label.map { String(cString: $0) }, child)
    }
}

@_silgen_name("swift_reflectionMirror_displayStyle")
private func reflectedDisplayStyle<T>(_ value: T) -> CChar

@_silgen_name("swift_reflectionMirror_count")
private func reflectedChildCount<T>(_ value: T, type: any Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_subscript")
private func reflectedChild<T>(
    of value: T, type: any Any.Type, index: Int, outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
    outFreeFunc: UnsafeMutablePointer<(@convention(c) (UnsafePointer<CChar>?) -> Void)?>
) -> Any
#endif
