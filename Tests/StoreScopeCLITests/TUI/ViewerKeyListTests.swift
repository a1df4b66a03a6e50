import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// Every key the viewer answers is on its `?` screen and in `storescope view --help`
/// (issue 19, item 18: the key lists had fallen behind the keys).
@Suite("The viewer's key lists", .tags(.process))
struct ViewerKeyListTests {
    /// The viewer's keys, as the lists write them.
    static let keys = [
        "j k", "↓ ↑", "PgDn PgUp", "b", "g G", "Home End", "] [", "→ ←", "} {", "space", "+ -", "*", "m", "' \"", ") (", ":",
        "/", "n  N", "f", "F", "d  s  a", "tab", "h l enter", "H L", "y", "e  p  o", "< >", "S", "J  R  D", "X  x", "P  K", "esc", "?", "q", "Ctrl-C", "Ctrl-Z",
    ]

    @Test("? lists every key")
    func helpScreen() {
        let help = ViewerHelp.lines.joined(separator: "\n")
        for key in Self.keys { #expect(help.contains(key), "\(key) is not on the ? screen") }
        #expect(help.contains("in a tree: text"), "/ in a tree")
    }

    @Test("view --help lists every key, and the effects view's and the prompts' keys")
    func commandHelp() throws {
        let outcome = try ChildProcess.storescope(["view", "--help"])
        #expect(outcome.status == 0)
        for key in Self.keys { #expect(outcome.stdout.contains(key), "\(key) is not in view --help") }
        #expect(outcome.stdout.contains("In the effects view: j k PgDn PgUp g G move; p, o, enter back to the timeline"))
        #expect(outcome.stdout.contains("In a prompt: ← → Home End Ctrl-A Ctrl-E move, Ctrl-W Ctrl-U Ctrl-K cut,"))
        #expect(outcome.stdout.contains("keys in a tree: the text of its lines"), "/ in a tree")
    }
}
