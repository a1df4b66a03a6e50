/// A shell-style pattern: `*` matches any run of characters, `?` one character, everything
/// else itself (case-sensitive, as Swift names are).
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public var description: String
    private let characters: [Character]

    /// Creates a glob from its text.
    public init(_ pattern: String) {
        description = pattern
        characters = Array(pattern)
    }

    /// Whether `text` matches the whole pattern.
    public func matches(_ text: String) -> Bool {
        let subject = Array(text)
        // Iterative matching with one backtrack point for the last `*`.
        var p = 0, s = 0
        var star: Int?, resume = 0
        while s < subject.count {
            if p < characters.count, characters[p] == "?" || characters[p] == subject[s] {
                p += 1
                s += 1
            } else if p < characters.count, characters[p] == "*" {
                star = p
                resume = s
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                s = resume
            } else {
                return false
            }
        }
        while p < characters.count, characters[p] == "*" { p += 1 }
        return p == characters.count
    }
}
