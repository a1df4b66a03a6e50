// Effects that are Combine publishers. Compiled where Combine exists (Apple platforms), or on
// OpenCombine where the app enables the package trait "OpenCombine" (Package.swift; how the
// samples test it on Linux); elsewhere this file is empty and costs nothing.
#if canImport(Combine)
import Combine
#elseif STORESCOPE_OPENCOMBINE
import OpenCombine
#endif
import TraceFormat

#if canImport(Combine) || STORESCOPE_OPENCOMBINE
extension Publisher {
    /// This publisher, recorded as one effect span per subscription: the span starts when a
    /// subscriber subscribes, with `name` and the parent action `parentSeq`; each output is
    /// delivered downstream inside the span (``EffectSpan/linking(_:)``), so an action the
    /// subscriber sends from it, synchronously, is linked to the effect; and the span ends once,
    /// with the subscription: finished when the publisher finishes, failed with its error,
    /// cancelled when the subscriber cancels (an `AnyCancellable` released or cancelled) or lets
    /// the subscription go unfinished. A publisher nobody subscribes to records nothing.
    ///
    /// Put it last before the subscriber, after any `receive(on:)`: an output is linked while
    /// it passes this operator, so an action sent after a later `receive(on:)` hopped to another
    /// queue would not be.
    ///
    /// ```swift
    /// effect
    ///     .receive(on: DispatchQueue.main)
    ///     .recorded("loadUsers", by: recording, startedBy: recording.lastSentSeq)  // StoreScope
    ///     .sink(receiveValue: send)
    /// ```
    ///
    /// - Parameters:
    ///   - name: the effect's name in the trace.
    ///   - recording: the store's recorder.
    ///   - parentSeq: the action whose reduction started the effect (``StoreRecorder/lastSentSeq``
    ///     read right after the reducer ran), or `nil` for none.
    /// - Returns: a publisher of the same outputs and completion.
    public func recorded<State, Action>(
        _ name: String, by recording: StoreRecorder<State, Action>, startedBy parentSeq: UInt64?,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> RecordedPublisher<Self> {
        RecordedPublisher(upstream: self) {
            recording.startEffect(name, startedBy: parentSeq, fileID: fileID, line: line)
        }
    }
}

/// A publisher recorded as an effect span per subscription. See
/// ``Combine/Publisher/recorded(_:by:startedBy:fileID:line:)``.
public struct RecordedPublisher<Upstream: Publisher>: Publisher {
    /// The upstream's outputs.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The recorded publisher.
    public let upstream: Upstream
    let start: @Sendable () -> EffectSpan

    /// Starts a span and subscribes `subscriber` to the upstream through it.
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        upstream.subscribe(RecordedSubscription(downstream: subscriber, span: start()))
    }
}

/// One subscription of a ``RecordedPublisher``: the upstream's subscriber and the downstream's
/// subscription, ending its span exactly once with it.
///
/// Combine may call it from several threads at once (a cancel on one while the upstream
/// completes on another), so the upstream's subscription and whether it ended are kept under a
/// lock; the span itself ends once whoever calls first (``EffectSpan``'s own guarantee), and
/// no upstream call is made while the lock is held.
private final class RecordedSubscription<Downstream: Subscriber>: Subscriber, Subscription {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum Status {
        case awaitingSubscription
        case subscribed(any Subscription)
        case ended
    }

    private let downstream: Downstream
    private let span: EffectSpan
    private let status = LockedValue(Status.awaitingSubscription)

    init(downstream: Downstream, span: EffectSpan) {
        self.downstream = downstream
        self.span = span
    }

    deinit {
        // Let go by both sides without a completion or a cancel: unfinished. Ignored once ended.
        span.cancel()
    }

    func receive(subscription: any Subscription) {
        let accepted: Bool = status.withLock { status in
            guard case .awaitingSubscription = status else { return false }
            status = .subscribed(subscription)
            return true
        }
        guard accepted else { return subscription.cancel() }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let live: Bool = status.withLock { if case .subscribed = $0 { true } else { false } }
        guard live else { return .none }
        return span.linking { downstream.receive(input) }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let live: Bool = status.withLock { status in
            if case .ended = status { return false }
            status = .ended
            return true
        }
        guard live else { return }
        switch completion {
        case .finished: span.finish()
        case let .failure(error): span.fail(error)
        }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        let upstream: (any Subscription)? = status.withLock { if case let .subscribed(upstream) = $0 { upstream } else { nil } }
        upstream?.request(demand)
    }

    func cancel() {
        let upstream: (any Subscription)?? = status.withLock { status in
            switch status {
            case .ended: return nil
            case .awaitingSubscription: status = .ended; return .some(nil)
            case let .subscribed(upstream): status = .ended; return .some(upstream)
            }
        }
        guard let upstream else { return }
        span.cancel()
        upstream?.cancel()
    }
}
#endif
