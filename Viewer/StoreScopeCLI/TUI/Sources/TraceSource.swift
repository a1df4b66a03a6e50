import TraceAnalysis
import TraceFormat

/// Where the viewer's records come from. The viewer asks every question of the source's
/// ``TraceSession`` (the one engine); a source only says what it is and brings in new records.
/// A trace file is one source; a live socket session is another (``LiveSessionSource``: the
/// listener writes what it receives to a trace file, read through the same engine).
package protocol TraceSource: AnyObject {
    /// What the status line names: the file or the session.
    var name: String { get }
    /// The trace file read (for a live session, the listener's recording of it).
    var path: String { get }
    /// The engine answering every query.
    var session: TraceSession { get }
    /// Whether no more records can come: the writer closed the trace, or the app's
    /// connection ended.
    var hasEnded: Bool { get }
    /// Brings in what arrived since the last call; returns whether anything did.
    func poll() -> Bool
    /// The file at the source's path was replaced, truncated or written again with another
    /// session since the last call, and ``session`` is now the new one: why, in words
    /// (`was truncated`); `nil` when nothing of the kind happened.
    func takeRestart() -> String?
    /// How the status line says the session is over, once ``hasEnded`` or its app's
    /// `session ended` record (`closed`) says so: a file without that record is of a session
    /// that never ended, a live one of an app that disconnected.
    func ending(closed: Bool) -> String
}

extension TraceSource {
    package func takeRestart() -> String? { nil }

    package func ending(closed: Bool) -> String {
        closed ? "session ended" : "session did not end"
    }
}

/// A trace file, finished or still being written, followed by its path as `tail -F` does:
/// when another file, or another session, takes the path (an app restarted on it truncates
/// the file and writes a new session), the source says so (``takeRestart()``) and reads the new
/// one from its start, instead of reading the new bytes as more of the old session.
package final class FileTraceSource: TraceSource {
    package let name: String
    package private(set) var session: TraceSession
    package let path: String
    private var watch: TraceFileWatch?
    /// A change noticed whose new session cannot be opened yet (no complete header).
    private var pendingChange: TraceFileWatch.Change?
    private var restart: String?

    private let budget: TraceSession.Budget

    /// Opens the trace at `path`.
    ///
    /// - Parameter budget: how much decoded data its sessions keep.
    /// - Throws: ``TraceError`` when it cannot be opened or is not a trace.
    package init(path: String, budget: TraceSession.Budget = .standard) throws(TraceError) {
        session = try TraceSession.forViewer(path: path, budget: budget)
        self.budget = budget
        self.path = path
        name = path.split(separator: "/").last.map(String.init) ?? path
        watch = TraceFileWatch(path: path, headerLength: Int(session.reader.headerSize))
    }

    package var hasEnded: Bool { pendingChange == nil && session.reader.isComplete }

    package func poll() -> Bool {
        // Before reading on: the bytes after the old end may be another session's; a finished
        // file that changes may be its session continued (a listener appending after it).
        let finishedEnd = session.reader.isComplete ? session.chunks.last?.endOffset ?? session.reader.headerSize : nil
        if pendingChange == nil, let change = watch?.check(finishedRecordsEnd: finishedEnd) { pendingChange = change }
        guard let change = pendingChange else { return (try? session.refresh()) ?? false }
        guard let opened = try? TraceSession.forViewer(path: path, budget: budget) else { return false }
        session = opened
        watch = TraceFileWatch(path: path, headerLength: Int(opened.reader.headerSize))
        pendingChange = nil
        // The same session continued is read on, the selection kept: records arrived.
        if change != .continued { restart = change.description }
        return true
    }

    package func takeRestart() -> String? {
        defer { restart = nil }
        return restart
    }
}

extension TraceSession {
    /// A session as the viewer reads it: its timeline rows leave the keyframes of a large state
    /// out (the detail of the selected action reads them), so a screen of rows never builds
    /// millions of nodes per row; opening it, or reading on, leaves a large chunk at its ends
    /// to the reader (50-100 ms each to inflate and walk, on the loop's thread before).
    static func forViewer(path: String, budget: TraceSession.Budget = .standard) throws(TraceError) -> TraceSession {
        try TraceSession(path: path, budget: budget, keyframesLeftOutOfActions: TimelineReader.largeState, endsReadUpTo: ViewerReducer.largeChunkBytes)
    }
}
