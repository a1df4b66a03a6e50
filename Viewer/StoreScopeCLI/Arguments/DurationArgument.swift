/// Parses a duration given on the command line: a number and a unit, `250us`, `1.5ms`, `2s`
/// (units `ns`, `us` or `µs`, `ms`, `s`, `m`). A bare number is refused: the unit says which
/// scale the user meant.
enum DurationArgument {
    /// The duration in nanoseconds.
    ///
    /// - Throws: ``UsageError`` naming the option when `text` is not a duration.
    static func nanos(_ text: String, option: String, command: CommandSpec) throws(UsageError) -> UInt64 {
        let units: [(suffix: String, nanos: Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9), ("m", 60e9)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            // "ms" also ends in "s": take the longest unit that leaves a number.
            guard let value = Double(number), value.isFinite, value >= 0, !number.contains("e"), !number.contains("E") else { continue }
            let nanos = (value * unit.nanos).rounded()
            guard nanos < 1.8e19 else { break }
            return UInt64(nanos)
        }
        throw UsageError(
            "option '--\(option)' needs a duration such as 250us, 1.5ms or 2s, not '\(text.sanitizedForTerminal)'", command: command)
    }
}
