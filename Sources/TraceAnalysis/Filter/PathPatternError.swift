/// A path pattern that does not parse.
public struct PathPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 0-based character offset of the problem.
    public var offset: Int
    /// What is wrong.
    public var message: String

    /// The message.
    public var description: String { message }
}
