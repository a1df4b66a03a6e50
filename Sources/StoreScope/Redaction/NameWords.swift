/// A name split into words, the way ``Redaction`` compares names: its letters and digits,
/// lowered, with a flag at each position where a word starts. Words start after a separator
/// (anything but an ASCII letter or digit), at a lower-to-upper case change (`userPin`), at
/// the last capital of an acronym followed by a lower-case letter (`APIKey`: `API`, `Key`), and
/// where letters and digits meet (`pin2`). Bytes of non-ASCII characters count as lower-case
/// letters, compared exactly.
///
/// Built in a stack buffer per call: names are short, and capture asks about every dictionary
/// key it meets, so no allocation.
enum NameWords {
    private enum Kind { case lower, upper, digit, separator }

    private static func kind(_ byte: UInt8) -> Kind {
        switch byte {
        case 0x61...0x7A, 0x80...: .lower
        case 0x41...0x5A: .upper
        case 0x30...0x39: .digit
        default: .separator
        }
    }

    /// Whether `byte` is kept in a word (a letter, a digit, or part of a non-ASCII character).
    static func isWordByte(_ byte: UInt8) -> Bool { kind(byte) != .separator }

    /// Calls `body` with the lowered letters of `name` and, one longer, the word-start flags
    /// (the last flag, past the end, is always set).
    static func withWords<T>(
        of name: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Bool>) -> T
    ) -> T {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count) { letters in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: name.count + 1) { starts in
                var count = 0
                var previous = Kind.separator
                for index in name.indices {
                    let byte = name[index]
                    let current = kind(byte)
                    guard current != .separator else {
                        previous = .separator
                        continue
                    }
                    var start: Bool
                    switch (previous, current) {
                    case (.separator, _), (.lower, .upper), (.digit, .upper), (.digit, .lower), (.lower, .digit), (.upper, .digit):
                        start = true
                    case (.upper, .upper):
                        start = index + 1 < name.count && kind(name[index + 1]) == .lower
                    default:
                        start = false
                    }
                    starts[count] = start
                    letters[count] = current == .upper ? byte | 0x20 : byte
                    count += 1
                    previous = current
                }
                starts[count] = true
                return body(
                    UnsafeBufferPointer(rebasing: letters[..<count]),
                    UnsafeBufferPointer(rebasing: starts[...count]))
            }
        }
    }
}
