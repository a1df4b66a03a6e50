import TraceAnalysis
import TraceFormat

/// Where the viewer's records come from. The viewer asks every question of the source's
/// ``TraceSession`` (the one engine); a source only says what it is and brings in new records.
/// A trace file is one source; a live socket session is another (``LiveSessionSource``: the
/// listener writes what it receives to a trace file, read through the same engine).
package protocol TraceSource: AnyObject {
    /// What the status line names: the file or the session.
    var name: String { get }
    /// The engine answering every query.
    var session: TraceSession { get }
    /// Whether no more records can come: the writer closed the trace, or the app's
    /// connection ended.
    var hasEnded: Bool { get }
    /// Brings in what arrived since the last call; returns whether anything did.
    func poll() -> Bool
}

/// A trace file, finished or still being written.
package final class FileTraceSource: TraceSource {
    package let name: String
    package let session: TraceSession

    /// Opens the trace at `path`.
    ///
    /// - Throws: ``TraceError`` when it cannot be opened or is not a trace.
    package init(path: String) throws(TraceError) {
        session = try TraceSession(path: path)
        name = path.split(separator: "/").last.map(String.init) ?? path
    }

    package var hasEnded: Bool { session.reader.isComplete }

    package func poll() -> Bool {
        (try? session.refresh()) ?? false
    }
}
