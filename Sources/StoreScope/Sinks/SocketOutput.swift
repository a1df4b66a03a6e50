/// Trace bytes sent over a connected Unix stream socket. Sends never raise SIGPIPE in the
/// host app (MSG_NOSIGNAL on Linux, SO_NOSIGPIPE on Darwin) and give up after a timeout.
final class SocketOutput: TraceOutput {
    private var socket: UnixSocket?
    private let path: String

    init(connectingTo path: String, sendTimeout: Duration) throws(TraceError) {
        self.path = path
        socket = try UnixSocket.connect(to: path, sendTimeout: sendTimeout)
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        guard let socket else { throw .closed }
        try socket.sendAll(bytes, path: path)
    }

    /// Stream sockets deliver in order; there is nothing to force.
    func sync() throws(TraceError) {}

    func close() {
        socket?.close()
        socket = nil
    }

    /// A stream has no end to index; readers scan it.
    var wantsFooterIndex: Bool { false }
}
