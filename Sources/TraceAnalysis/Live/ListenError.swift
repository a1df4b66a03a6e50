/// Why ``LiveListener`` cannot listen at a path: one line for a command-line message.
public struct ListenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason, naming the path.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
