/// One connected app's session as a listener sees it.
public struct LiveSession: Sendable, Hashable {
    /// The listener's number for the connection (1, 2, ...), unique while it runs.
    public var id: Int
    /// The session header the app sent.
    public var header: SessionHeader
    /// A short label for its lines: the app's name and the first 4 hex digits of the session
    /// id (`search/1f3a`); an app that reconnects keeps its tag.
    public var tag: String
    /// The file the session is recorded to, with `--record`.
    public var recordingPath: String?
    /// Whether this connection continues the file of an earlier connection of the same
    /// session (the app reconnected after losing its listener, in this listener's run or an
    /// earlier one): ``recordingPath`` holds the session's earlier records too, then a
    /// ``ReconnectNote``.
    public var continuesRecording = false
    /// The session's stores seen so far (their keyframes), or `nil` when the listener does not
    /// decode records (``LiveListener/Options/decodesRecords``).
    public var stores: SessionStores?
}

/// How a session's connection ended.
public enum LiveSessionEnd: Sendable, Hashable {
    /// The app closed the session (its footer arrived).
    case closed
    /// The app hung up or died; `unfinishedBytes` of a chunk it had begun are lost.
    case hungUp(unfinishedBytes: Int)
    /// The peer broke the protocol (or stalled mid-chunk) and was disconnected.
    case rejected(String)
    /// The listener stopped.
    case listenerStopped
}

/// What a ``LiveListener`` saw since the last poll, in order.
public enum LiveEvent: Sendable {
    /// An app connected and sent its session header.
    case started(LiveSession)
    /// Records of a session, as each chunk arrived.
    case records(LiveSession, [Record])
    /// A session's connection ended.
    case ended(LiveSession, LiveSessionEnd)
    /// A connection was refused or broke before it sent a session header (a peer of another
    /// user, a client that is not a trace writer), or connections could not be accepted for a
    /// while (the process ran out of file descriptors) and now can again.
    case refused(String)
    /// A problem that does not end the session, such as its recording file failing.
    case warning(LiveSession, String)
}
