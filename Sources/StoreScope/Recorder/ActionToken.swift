/// Names the inbox holding an action without retaining it: a retain and release per action
/// would bounce the inbox's reference count between the app's thread and the worker's. Sound
/// because the worker holds every registered inbox strongly from its registration, which the
/// queue delivers before any of its actions, until its release, which comes after them.
@usableFromInline
struct ActionToken: Sendable {
    @usableFromInline unowned(unsafe) let source: any ActionSource

    @inlinable
    init(_ source: any ActionSource) {
        self.source = source
    }
}
