import TraceAnalysis
import TraceFormat

/// A live session as the viewer shows it: the listener writes what the app streams to the
/// session's trace file, and the viewer's reader reads that file through the same engine as any
/// trace, reading on in it as each chunk is written.
final class LiveSessionSource: TraceSource {
    /// The listener's view of the session (its tag, header and file).
    private(set) var live: LiveSession
    var trace: BackgroundReader.Trace
    private(set) var path: String
    /// How the connection ended, once it did.
    private(set) var end: LiveSessionEnd?

    /// Opens the session's recording.
    ///
    /// - Throws: ``TraceError`` when the file cannot be read.
    init(_ live: LiveSession, recording path: String) throws(TraceError) {
        self.live = live
        trace = .opened(path: path, header: try TraceReader.header(path: path).header, followsPath: false)
        self.path = path
    }

    var name: String { live.tag }
    var hasEnded: Bool { end != nil }
    var endsWithItsFile: Bool { false }

    /// The app reconnected and its new connection continues this session's file (`live`,
    /// ``LiveSession/continuesRecording``): the session is live again, read anew from the file,
    /// which now holds the earlier records, the listener's ``ReconnectNote`` and what follows.
    ///
    /// - Throws: ``TraceError`` when the file cannot be read; the source stays as it was.
    func resume(_ live: LiveSession) throws(TraceError) {
        let path = live.recordingPath ?? self.live.recordingPath ?? path
        trace = .opened(path: path, header: try TraceReader.header(path: path).header, followsPath: false)
        self.path = path
        self.live = live
        end = nil
    }

    /// Notes that the connection ended (the listener completed the file first).
    func ended(_ end: LiveSessionEnd) {
        self.end = end
    }

    /// As `listen` says it (issue 39, item 9: an app that vanished read "session ended").
    func ending(closed: Bool) -> String {
        switch end {
        case _ where closed, .closed: "session ended"
        case .hungUp, .rejected: "app disconnected"
        case .listenerStopped: "listener stopped"
        case nil: "session ended"
        }
    }
}
