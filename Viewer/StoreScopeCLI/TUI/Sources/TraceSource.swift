import TraceAnalysis
import TraceFormat

/// Where the viewer's records come from: what the viewer names and what the reader reads. The
/// viewer reads no trace itself: it names the source's ``trace`` in what it asks the reader
/// (``BackgroundReader``), which holds the only ``TraceSession`` of it, reads on in it as it
/// grows and says when another session took its path (``SessionsRequest``). A trace file is one
/// source; a live socket session is another (``LiveSessionSource``: the listener writes what it
/// receives to a trace file, read through the same engine).
package protocol TraceSource: AnyObject {
    /// What the status line names: the file or the session.
    var name: String { get }
    /// The trace file read (for a live session, the listener's recording of it).
    var path: String { get }
    /// The session the reader reads for this source now: set when the source opens, by the
    /// source when its app reconnects, and by the reducer when the reader found another
    /// session at the path (``SessionsAnswer/Session/restart``).
    var trace: BackgroundReader.Trace { get set }
    /// Whether no more records can come because the app's connection ended (a file's end is
    /// the reader's to tell: ``SessionsAnswer/Session/isComplete``).
    var hasEnded: Bool { get }
    /// How the status line says the session is over, once ``hasEnded`` or its app's
    /// `session ended` record (`closed`) says so: a file without that record is of a session
    /// that never ended, a live one of an app that disconnected.
    func ending(closed: Bool) -> String
    /// Whether a complete file (its footer written) means the session is over. A file's does;
    /// a live session's recording is completed by the listener before it says how the
    /// connection ended, so that end is the listener's to tell (``hasEnded``).
    var endsWithItsFile: Bool { get }
}

extension TraceSource {
    package var hasEnded: Bool { false }
    package var endsWithItsFile: Bool { true }

    package func ending(closed: Bool) -> String {
        closed ? "session ended" : "session did not end"
    }
}

/// A trace file, finished or still being written, followed by its path as `tail -F` does: the
/// reader reads on in it as it grows, and when another file, or another session, takes the
/// path (an app restarted on it truncates the file and writes a new session), reads the new
/// one from its start (``SessionsAnswer/Session/restart``), instead of reading the new bytes as
/// more of the old session.
package final class FileTraceSource: TraceSource {
    package let name: String
    package let path: String
    package var trace: BackgroundReader.Trace

    /// The trace at `path`, named by its session header (nothing else of it is read here).
    ///
    /// - Throws: ``TraceError`` when it cannot be opened or is not a trace.
    package init(path: String) throws(TraceError) {
        trace = .opened(path: path, header: try TraceReader.header(path: path).header)
        self.path = path
        name = path.split(separator: "/").last.map(String.init) ?? path
    }
}
