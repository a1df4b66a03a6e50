/// The escape sequence that sets the terminal's clipboard (OSC 52, from xterm): `ESC ] 52 ; c ;
/// <base64> BEL`. Terminals that know it (xterm, iTerm2, kitty, WezTerm, Alacritty, Windows
/// Terminal, tmux with `set-clipboard on`) put the text on the system clipboard, even over ssh;
/// the others ignore it, as they ignore any OSC they do not know.
enum ClipboardSequence {
    /// The sequence putting `text` on the clipboard.
    static func setting(_ text: String) -> String {
        "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 (RFC 4648, with `=` padding).
    static func base64(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let chunk = (UInt32(bytes[index]) << 16)
                | (count > 1 ? UInt32(bytes[index + 1]) << 8 : 0)
                | (count > 2 ? UInt32(bytes[index + 2]) : 0)
            for position in 0..<4 {
                output.append(position <= count ? alphabet[Int((chunk >> (18 - 6 * UInt32(position))) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
