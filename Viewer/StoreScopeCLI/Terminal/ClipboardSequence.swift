import Foundation

/// The escape sequence that sets the terminal's clipboard (OSC 52, from xterm): `ESC ] 52 ; c ;
/// <base64> BEL`. Terminals that know it (xterm, iTerm2, kitty, WezTerm, Alacritty, Windows
/// Terminal, tmux with `set-clipboard on`) put the text on the system clipboard, even over ssh;
/// the others ignore it, as they ignore any OSC they do not know.
enum ClipboardSequence {
    /// The sequence putting `text` on the clipboard.
    static func setting(_ text: String) -> String {
        "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
    }

    /// `bytes` in base64 (RFC 4648, with `=` padding).
    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
