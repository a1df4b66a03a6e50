extension StringProtocol {
    /// The longest start of this text that `limit` UTF-8 bytes hold, cut between two scalars,
    /// and whether it was cut: what a line of a screen keeps of a 1 MB string, at the cost of
    /// the bytes kept. The whole text when it fits.
    package func utf8Start(atMost limit: Int) -> (text: String, isCut: Bool) {
        guard utf8.count > limit else { return (String(self), false) }
        var kept = "", used = 0
        for scalar in unicodeScalars {
            used += UTF8.width(scalar)
            guard used <= limit else { break }
            kept.unicodeScalars.append(scalar)
        }
        return (kept, true)
    }
}
