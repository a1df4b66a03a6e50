/// A sample whose store needs a newer system than the one running it (`storescope demo --sample
/// search` on macOS 13: its `@Observable` store needs macOS 14).
public struct SampleUnavailable: Error, Sendable, CustomStringConvertible {
    /// The sample's name.
    public var sample: String
    /// What it needs, in words.
    public var needs: String

    /// Creates the error.
    public init(sample: String, needs: String) {
        self.sample = sample
        self.needs = needs
    }

    public var description: String { "the sample \"\(sample)\" needs \(needs)" }
}
