/// Where a live stream goes, and how a connection there is made without ever waiting: the
/// address kinds of ``StreamSocket`` (a Unix socket, a TCP listener the app dials, or a TCP
/// port the app listens on for a tool to dial). ``LiveSocketOutput`` asks it on each turn of
/// the recorder's worker until it gives a connection, and again after the connection ends.
protocol LiveEndpoint: AnyObject {
    /// `socket PATH`, `tcp HOST:PORT`, `tcp listening on HOST:PORT`: the sink's destination.
    var name: String { get }
    /// Where, in the app's diagnostics: the socket's path, or `tcp HOST:PORT`.
    var place: String { get }
    /// Takes the next step towards a connection.
    func open() -> LiveEndpointStep
    /// Lets go of what the endpoint holds (a connection under way, a listening socket).
    func close()
    /// Whether a connection is under way (a TCP connect, or a peer mid-pairing); if so, waits
    /// up to `milliseconds` for it to move, so that ``open()`` can take its next step.
    func awaitAttempt(milliseconds: Int32) -> Bool
}

/// Where an attempt to connect stands.
enum LiveEndpointStep {
    /// Connected (and paired, on TCP): the stream starts.
    case connected(StreamSocket)
    /// Under way (connecting, pairing, or listening for a tool): ask again next turn.
    case waiting
    /// This attempt failed; the output retries after its backoff.
    case failed(SocketFailure)
}
