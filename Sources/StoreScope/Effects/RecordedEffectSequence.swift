/// An `AsyncSequence` of actions recorded as one effect span. See
/// ``StoreRecorder/effect(_:startedBy:fileID:line:_:)``.
public struct RecordedEffectSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
    /// The actions.
    public typealias Element = Base.Element

    let base: Base
    let start: @Sendable () -> EffectSpan

    /// Starts the span and returns an iterator over the base sequence.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), span: SpanBox(start()))
    }

    /// Iterates the base sequence and ends the span with it.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let span: SpanBox

        /// The effect's span (to pass to `willSend(_:from:)`).
        public var effect: EffectSpan { span.span }

        /// The next action, or `nil` when the effect ended.
        public mutating func next() async throws -> Base.Element? {
            do {
                if Task.isCancelled {
                    span.span.cancel()
                    return nil
                }
                guard let element = try await base.next() else {
                    if Task.isCancelled { span.span.cancel() } else { span.span.finish() }
                    return nil
                }
                return element
            } catch is CancellationError {
                span.span.cancel()
                throw CancellationError()
            } catch {
                span.span.fail(error)
                throw error
            }
        }
    }

    /// Ends the span as cancelled when iteration stops early (the iterator is dropped before
    /// the sequence finished).
    public final class SpanBox: Sendable {
        let span: EffectSpan
        init(_ span: EffectSpan) { self.span = span }
        deinit { span.cancel() }
    }
}
