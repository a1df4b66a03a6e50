/// A key the user pressed, decoded from the bytes a terminal sends.
package enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backspace, escape
    /// The Delete key (forward delete).
    case delete
    /// Ctrl and a letter (`ctrl("c")` is Ctrl-C, which raw mode delivers as a byte).
    case ctrl(Character)
}

/// Decodes terminal input into ``Key``s, keeping an incomplete escape sequence or UTF-8
/// character for the next read: terminals may split `ESC [ A` across reads. A lone `ESC` is
/// only known to be the Escape key once no more bytes follow: call ``flush()`` when a read
/// times out.
struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// The keys completed by `bytes` (with what earlier reads left pending).
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while !pending.isEmpty {
            guard let (key, length) = Self.key(at: pending) else { break }
            pending.removeFirst(length)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Whether bytes wait for the rest of a sequence.
    var hasPending: Bool { !pending.isEmpty }

    /// Ends a pending sequence after a pause: a lone `ESC` is the Escape key; a broken
    /// sequence is dropped.
    mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// The key at the start of `bytes` and how many bytes it takes (`nil` key: bytes to skip);
    /// `nil` when more bytes are needed.
    private static func key(at bytes: [UInt8]) -> (Key?, Int)? {
        let first = bytes[0]
        switch first {
        case 0x1B: return escapeSequence(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.ctrl(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00..<0x20: return (nil, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8Character(bytes)
        }
    }

    private static func escapeSequence(_ bytes: [UInt8]) -> (Key?, Int)? {
        guard bytes.count > 1 else { return nil }
        let kind = bytes[1]
        guard kind == 0x5B || kind == 0x4F else {
            // ESC then another key (Alt+key): the Escape key, then that key.
            return (.escape, 1)
        }
        // CSI or SS3: parameters then a final byte in 0x40...0x7E.
        var index = 2
        while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return bytes.count > 16 ? (nil, bytes.count) : nil }
        let parameters = String(decoding: bytes[2..<index], as: UTF8.self)
        let key: Key?
        switch (bytes[index], parameters) {
        case (0x41, _): key = .up
        case (0x42, _): key = .down
        case (0x43, _): key = .right
        case (0x44, _): key = .left
        case (0x48, _), (0x7E, "1"), (0x7E, "7"): key = .home
        case (0x46, _), (0x7E, "4"), (0x7E, "8"): key = .end
        case (0x7E, "3"): key = .delete
        case (0x7E, "5"): key = .pageUp
        case (0x7E, "6"): key = .pageDown
        case (0x5A, _): key = .tab
        default: key = nil
        }
        return (key, index + 1)
    }

    private static func utf8Character(_ bytes: [UInt8]) -> (Key?, Int)? {
        let first = bytes[0]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard length > 1 else { return (nil, 1) }
        guard bytes.count >= length else { return nil }
        let text = String(decoding: bytes[0..<length], as: UTF8.self)
        return (text.first.map(Key.character), length)
    }
}
