import TraceFormat

/// The lifetime of one effect: started when created, then ended exactly once by
/// ``finish()``, ``cancel()`` or ``fail(_:)`` (later calls are ignored).
///
/// While an effect's work runs inside ``EffectSpan/run(_:)`` (or the wrappers built on it),
/// ``current`` names it, and actions sent from that task are linked to it automatically.
public final class EffectSpan: Sendable {
    /// The effect's id in the session.
    public let id: UInt64
    /// The effect's name.
    public let name: String
    private let recorder: Recorder
    private let ended = AtomicValue<Bool>(false)

    /// The effect whose work is running in the current task, if any.
    @TaskLocal public static var current: EffectSpan?

    init(id: UInt64, name: String, recorder: Recorder) {
        self.id = id
        self.name = name
        self.recorder = recorder
    }

    /// Whether the span has ended.
    public var hasEnded: Bool { ended.load(ordering: .relaxed) }

    /// Records that the effect completed.
    public func finish() { end(.finished) }

    /// Records that the effect was cancelled before completing.
    public func cancel() { end(.cancelled) }

    /// Records that the effect failed with `error`.
    public func fail(_ error: any Error) { end(.failed(String(describing: error))) }

    /// Records that the effect failed, described in words.
    public func fail(message: String) { end(.failed(message)) }

    private func end(_ outcome: EffectOutcome) {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        recorder.queue.enqueueRecord(.effectEnded(EffectEnded(effectID: id, outcome: outcome, monotonicNanos: Clock.monotonicNanos())))
    }

    /// Runs `operation` as this effect's work and ends the span by how it ends: returning
    /// finishes it; throwing `CancellationError`, or returning after the task was cancelled,
    /// cancels it; any other error fails it (and is rethrown).
    ///
    /// - Parameter operation: the effect's work; actions it sends are linked to this span.
    /// - Returns: what `operation` returns.
    /// - Throws: what `operation` throws.
    public func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        do {
            let value = try await linking { try await operation() }
            if Task.isCancelled { cancel() } else { finish() }
            return value
        } catch is CancellationError {
            cancel()
            throw CancellationError()
        } catch {
            if Task.isCancelled { cancel() } else { fail(error) }
            throw error
        }
    }
}

extension EffectSpan {
    /// Runs `body` with this span as ``current``, so actions sent inside are linked to it.
    public func linking<T>(_ body: () async throws -> T) async rethrows -> T {
        recorder.effectWorkStarted()
        defer { recorder.effectWorkEnded() }
        return try await EffectSpan.$current.withValue(self) { try await body() }
    }

    /// Runs `body` with this span as ``current``, synchronously, on any thread: for work an
    /// effect hands to something that does not inherit the task's locals, a `Task.detached` or
    /// a GCD callback, whose actions must still be linked to the effect.
    ///
    /// ```swift
    /// recording.task("upload", startedBy: seq) {
    ///     let effect = EffectSpan.current          // read it inside the effect's task
    ///     DispatchQueue.global().async {
    ///         let done = upload()
    ///         effect?.linking { store.send(.uploaded(done)) }  // linked to "upload"
    ///     }
    /// }
    /// ```
    ///
    /// An action sent this way after the effect ended is linked to it all the same, and the
    /// trace shows it emitted after the effect's end: work the effect left running.
    public func linking<T>(_ body: () throws -> T) rethrows -> T {
        recorder.effectWorkStarted()
        defer { recorder.effectWorkEnded() }
        return try EffectSpan.$current.withValue(self) { try body() }
    }
}

extension EffectSpan {
    /// Runs `body`, which sends one action of this effect to a store that queues what it is
    /// sent and reduces it on whichever call drains the queue (OneWay's `Store.send`): the first
    /// action reduced inside `body`, on this task or a task started in it, is linked to this
    /// span; any later one is not, nor is the action when another task's call reduces it.
    ///
    /// A store that queues cannot say which caller an action came from: reduced inside `body`
    /// it is ours (the call found the queue idle, so ours is the first the call drains);
    /// reduced elsewhere it is another call's turn, and linking to *that* caller's effect would
    /// name the wrong one. So an action is linked right or not at all.
    ///
    /// - Parameter body: sends the action, e.g. `{ await store.send(action) }`.
    /// - Returns: what `body` returns.
    public func linkingFirstAction<T>(_ body: () async throws -> T) async rethrows -> T {
        recorder.effectWorkStarted()
        defer { recorder.effectWorkEnded() }
        return try await EffectSpan.$current.withValue(nil) {
            try await EffectSpan.$firstAction.withValue(FirstActionLink(self)) { try await body() }
        }
    }

    /// The effect an action sent now from this task is linked to: ``current``, or the span of a
    /// ``linkingFirstAction(_:)`` whose action is not yet taken.
    @usableFromInline static func linkedToCurrentTask() -> EffectSpan? {
        current ?? firstAction?.take()
    }

    /// The link ``linkingFirstAction(_:)`` offers its first action.
    @TaskLocal static var firstAction: FirstActionLink?
}

/// A span offered to the first action reduced in a ``EffectSpan/linkingFirstAction(_:)``, once.
final class FirstActionLink: Sendable {
    private let span: EffectSpan
    private let taken = AtomicValue<Bool>(false)

    init(_ span: EffectSpan) { self.span = span }

    /// The span, the first time only.
    func take() -> EffectSpan? {
        taken.exchange(true, ordering: .relaxed) ? nil : span
    }
}
