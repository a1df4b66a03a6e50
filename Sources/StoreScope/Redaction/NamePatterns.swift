/// The patterns of a ``Redaction``, ready to match names: each pattern's lowered letters and
/// digits (see ``NameWords``), grouped by their first byte, so that a name is scanned once and
/// each of its letters is compared only with the patterns that start with it. Capture asks
/// about every `String` dictionary key it meets, so the tables are flat arrays of plain values
/// (no reference counting in the loop).
struct NamePatterns: Sendable {
    private struct Entry: Sendable {
        /// Where the pattern's bytes start in ``bytes``, and how many there are.
        var offset: Int
        var count: Int
        /// Matches only as whole words of the name (a short pattern: `pin`, `otp`).
        var wholeWords: Bool
    }

    /// Every pattern's bytes, back to back.
    private let bytes: [UInt8]
    /// The patterns, ordered by first byte.
    private let entries: [Entry]
    /// For each byte `b`, the patterns starting with it are `entries[groups[b]..<groups[b + 1]]`.
    private let groups: [Int]

    /// Prepares `patterns`; those shorter than `wholeWordLength` letters and digits match
    /// whole words only, and those without any letter or digit are dropped.
    init(_ patterns: [String], wholeWordLength: Int) {
        let lowered = patterns.map { Array($0.lowercased().utf8.filter(NameWords.isWordByte)) }.filter { !$0.isEmpty }
            .sorted { $0[0] < $1[0] }
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        var groups = [Int](repeating: 0, count: 257)
        for pattern in lowered {
            entries.append(Entry(offset: bytes.count, count: pattern.count, wholeWords: pattern.count < wholeWordLength))
            bytes += pattern
            groups[Int(pattern[0]) + 1] += 1
        }
        for byte in 0..<256 { groups[byte + 1] += groups[byte] }
        self.bytes = bytes
        self.entries = entries
        self.groups = groups
    }

    /// Whether there is no pattern.
    var isEmpty: Bool { entries.isEmpty }

    /// Whether a pattern matches the name whose UTF-8 bytes are `name`.
    func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            entries.withUnsafeBufferPointer { entries in
                groups.withUnsafeBufferPointer { groups in
                    NameWords.withWords(of: name) { letters, starts in
                        for start in letters.indices {
                            let first = Int(letters[start])
                            for entry in entries[groups[first]..<groups[first + 1]] {
                                let end = start + entry.count
                                guard end <= letters.count else { continue }
                                if entry.wholeWords, !(starts[start] && starts[end]) { continue }
                                var offset = 1
                                while offset < entry.count, letters[start + offset] == bytes[entry.offset + offset] { offset += 1 }
                                if offset == entry.count { return true }
                            }
                        }
                        return false
                    }
                }
            }
        }
    }
}
