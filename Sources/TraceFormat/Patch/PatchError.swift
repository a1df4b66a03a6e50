/// Why a patch could not be applied to a tree: the trace and the state it patches disagree.
public struct PatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operation that failed.
    public var operation: PatchOperation
    /// What was wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(operation: PatchOperation, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// One line: the path and the reason.
    public var description: String {
        "cannot apply patch at \(renderPath(operation.path).isEmpty ? "<root>" : renderPath(operation.path)): \(reason)"
    }
}
