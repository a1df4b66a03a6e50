import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// End-to-end: a `/` text search of the real `storescope view` that reads the trace in parts,
/// in a tmux pane.
@Suite("storescope view's searches in parts in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerSearchTerminalTests {
    @Test("/ on a long trace shows searching… N% on the prompt line; esc cancels it and says so, j cancels it and moves, and n lands on the match")
    func searchInParts() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.trace(directory, actions: Self.actions, needleAt: Self.actions / 4 * 3)
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        tmux.type("\(storescope) view \(path); echo exit=$?")
        try tmux.waitFor("#1/\(Self.actions) │ no filter")

        tmux.keys("/")
        tmux.type("needle")
        let running = try tmux.waitFor("% (esc cancels)")
        let prompt = running.split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains("(esc cancels)") }
        #expect(prompt?.wholeMatch(of: /searching… \d{1,2}% \(esc cancels\)\s*/) != nil, "the prompt line: \(prompt ?? "")")
        #expect(running.contains("#1/\(Self.actions) │"), "the selection stays while it searches")
        tmux.keys("Escape")
        let cancelled = try tmux.waitFor("search cancelled")
        #expect(cancelled.contains("#1/\(Self.actions) │"))
        #expect(!cancelled.contains("searching…"))

        tmux.keys("n")
        try tmux.waitFor("% (esc cancels)")
        tmux.keys("j")
        let moved = try tmux.waitFor("#2/\(Self.actions) │")
        #expect(!moved.contains("searching…"), "j cancelled the search and was answered")

        tmux.keys("n")
        let found = try tmux.waitFor("#\(Self.actions / 4 * 3)/\(Self.actions) │", within: .seconds(60))
        #expect(found.contains("\n>#\(String(Self.actions / 4 * 3).prefix(4))… "), "the match is selected in the timeline")
        #expect(found.contains("\naction A.step(note: \"a needle in the haystack\")\n"), "and shown in the detail pane, with its type")
        #expect(!found.contains("searching…"))

        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }

    /// Actions in the trace: enough that `/` takes about a second, so the pane is caught while
    /// it searches (each part reads for 28 ms; an optimized build reads about 4x faster).
    #if DEBUG
    static let actions: UInt64 = 200_000
    #else
    static let actions: UInt64 = 800_000
    #endif

    /// `actions` actions in chunks of about 4 KiB; only action `needleAt` mentions `needle`.
    static func trace(_ directory: TemporaryDirectory, actions: UInt64, needleAt: UInt64) throws -> String {
        let path = directory.path("long.sstrace")
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Long", schemaFingerprint: 1), chunkSize: 4096)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "C", fields: []))))
        for seq in 1...actions {
            let note = seq == needleAt ? "a needle in the haystack" : "hay \(seq)"
            try writer.append(.action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "A", caseName: "step", payload: [.init("note", .string(note))]), effectID: nil)))
        }
        try writer.close()
        return path
    }
}
