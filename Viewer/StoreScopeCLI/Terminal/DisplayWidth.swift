/// How many terminal columns text takes: 2 for East Asian Wide and Fullwidth characters (CJK,
/// Hangul, fullwidth forms) and for emoji shown as emoji, 0 for combining marks and other
/// zero-width characters, 1 for the rest. The tables are written here (from Unicode's
/// EastAsianWidth.txt and emoji-data.txt, Unicode 15) so the answer is the same on every
/// machine: no `wcwidth`, no locale.
enum DisplayWidth {
    /// The columns `character` takes. A grapheme cluster takes its first scalar's width, or 2
    /// when it asks for emoji presentation (`U+FE0F`) or is a flag (two regional indicators).
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = of(first)
        if base == 2 { return 2 }
        if scalars.count > 1 {
            if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
            if isRegionalIndicator(first) { return 2 }
        }
        return base
    }

    /// The columns one scalar takes on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        return contains(wide, value) ? 2 : 1
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Combining and enclosing marks, joiners, variation selectors and Hangul medial and final
    /// jamo: they draw on the character before them.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: break
        }
        return contains(zero, scalar.value)
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value { low = mid + 1 } else { high = mid }
        }
        return low < ranges.count && ranges[low].contains(value)
    }

    private static let zero: [ClosedRange<UInt32>] = [
        0x1160...0x11FF, 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF...0xFEFF, 0xE0100...0xE01EF,
    ]

    /// East Asian Wide (W) and Fullwidth (F) ranges, sorted; emoji with default emoji
    /// presentation are W there.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
        0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension Character {
    /// The terminal columns the character takes (see ``DisplayWidth``).
    var displayWidth: Int { DisplayWidth.of(self) }
}

extension StringProtocol {
    /// The terminal columns the text takes (see ``DisplayWidth``).
    var displayWidth: Int { reduce(0) { $0 + $1.displayWidth } }

    /// The longest start of the text that fits in `columns` terminal columns.
    func prefix(columns: Int) -> Substring {
        var used = 0, end = startIndex
        for index in indices {
            let width = self[index].displayWidth
            guard used + width <= columns else { break }
            used += width
            end = self.index(after: index)
        }
        return Substring(self[startIndex..<end])
    }
}
