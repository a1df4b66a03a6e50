// The two stand-ins seed 000 needs on Linux, where its store is otherwise as written. On Apple
// platforms neither is compiled: the store uses `os.Logger` and Combine's `merge(with:)`.
import OpenCombineShim

#if !canImport(os)
/// Stands in for `os.Logger` (Linux has no `os` module): the store logs through `debug(_:)`
/// only, when `debug` is on, which the scenario leaves off.
public struct Logger {
    public init(subsystem: String, category: String) {}

    public func debug(_ message: String) {
        print(message)
    }
}
#endif

#if !canImport(Combine)
extension Publisher {
    /// Stands in for Combine's `merge(with:)` (`Publishers.Merge`), which OpenCombine 0.14.0
    /// lacks; `Update.pipe` merges two fx with it. Both publishers are subscribed at once and
    /// their outputs interleave as they come, as Combine's merge does.
    public func merge(with other: Self) -> Publishers.FlatMap<Self, Publishers.Sequence<[Self], Failure>> {
        Publishers.Sequence(sequence: [self, other]).flatMap { $0 }
    }
}
#endif
