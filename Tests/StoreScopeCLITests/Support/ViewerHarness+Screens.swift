import Foundation
import Testing
import TraceAnalysis

@testable import StoreScopeCLI

/// What a test of the viewer reads off its screen, and the input a terminal gives the loop,
/// for tests that once drove the real binary in tmux: built on ``ViewerHarness``'s own
/// members (``ViewerHarness/screen``, ``ViewerHarness/send(_:)``), so they hold whatever reads
/// the trace behind it.
extension ViewerHarness {
    /// The screen's rows, top to bottom (the empty rows at its end left out).
    var lines: [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The status line: the last row but one of a window `rows` high.
    func statusLine(rows: Int = 24) -> String {
        ScreenGolden.row(rows - 2, of: screen)
    }

    /// The bottom row (the message or the prompt line) of a window `rows` high; empty when
    /// nothing is on it.
    func bottomLine(rows: Int = 24) -> String {
        ScreenGolden.row(rows - 1, of: screen)
    }

    /// Expects the screen to be `golden`, every row (``ScreenGolden/expect(_:is:sourceLocation:)``).
    func expectScreen(_ golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        ScreenGolden.expect(screen, is: golden, sourceLocation: sourceLocation)
    }

    /// Starts the viewer again as `storescope view TRACE FILTER` starts it, performing what the
    /// start asks for (the first detail's read) as the harness's own start does, then the first
    /// idle moment (the fx marks are read then).
    mutating func restart(filter: Filter) {
        let (state, effects) = reducer.start(columns: self.state.columns, rows: self.state.rows, filter: filter)
        self.state = state
        turn([], after: effects)
        send(.tick)
    }

    /// Sends what a terminal in raw mode sends for the keys typed, as the loop does: `bytes`
    /// decoded by a ``KeyDecoder``, each key an action (an escape sequence cut at its end is
    /// the Esc key, as when the loop's read finds no more).
    mutating func receive(_ bytes: [UInt8]) {
        var decoder = KeyDecoder()
        for key in decoder.decode(bytes) + decoder.flush() { send(.key(key)) }
    }

    /// ``receive(_:)`` the UTF-8 of `text` (escape sequences written `\u{1B}[D`).
    mutating func receive(_ text: String) {
        receive(Array(text.utf8))
    }

    /// Plays as the loop plays: a `.clock` of the loop's time (from 0) whenever
    /// ``Playback/timeout(for:now:poll:)`` says the next step is due, until playing stops (at
    /// most `limit` clocks). Returns the action selected after each clock.
    @discardableResult
    mutating func playToTheEnd(poll: Int32 = 250, limit: Int = 10_000) -> [UInt64?] {
        var now: UInt64 = 0
        var selected: [UInt64?] = []
        for _ in 0..<limit where state.isPlaying {
            now += UInt64(Playback.timeout(for: state.playback, now: now, poll: poll)) * 1_000_000
            send(.clock(nanos: now))
            selected.append(state.selected)
        }
        return selected
    }
}

/// Screens compared whole with golden text: a rendering read and checked by eye, kept in the
/// test's file or in a `…Golden` enum.
enum ScreenGolden {
    /// Expects `screen` (its empty rows at the end left out) to be `golden`; names the first
    /// row that differs and shows the whole screen when it is not.
    static func expect(_ screen: String, is golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var actual = screen
        while actual.last == "\n" { actual.removeLast() }
        guard actual != golden else { return }
        let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let row = (0..<min(expected.count, shown.count)).first { expected[$0] != shown[$0] } ?? min(expected.count, shown.count)
        func quoted(_ lines: [Substring]) -> String { row < lines.count ? "\"\(lines[row])\"" : "(no row)" }
        Issue.record("""
            the screen differs from row \(row):
              expected: \(quoted(expected))
              shown:    \(quoted(shown))
            the screen:
            \(actual)
            """, sourceLocation: sourceLocation)
    }

    /// Row `index` of `screen` (empty when the screen ends before it).
    static func row(_ index: Int, of screen: String) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.indices.contains(index) ? String(rows[index]) : ""
    }
}
