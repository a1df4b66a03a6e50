import TraceAnalysis

/// A duration given on the command line, read as the filter language reads one
/// (``DurationText``: `250us`, `1.5ms`, `2s`, `1m`, `1h`), so that every command and filter
/// takes the same words. A bare number is refused: the unit says which scale the user meant.
enum DurationArgument {
    /// The duration in nanoseconds.
    ///
    /// - Throws: ``UsageError`` naming the option when `text` is not a duration.
    static func nanos(_ text: String, option: String, command: CommandSpec) throws(UsageError) -> UInt64 {
        guard let nanos = DurationText.nanoseconds(text) else {
            throw UsageError(
                "option '--\(option)' needs a duration such as 250us, 1.5ms or 2s, not '\(text.sanitizedForTerminal)'", command: command)
        }
        return nanos
    }
}
