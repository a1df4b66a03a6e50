import TraceFormat

/// A non-blocking stream socket connected to a listener, a Unix socket or TCP (a
/// ``StreamChannel``, paired on TCP): the stream's records, acknowledgements and commands
/// travel through it alike. Nothing here ever blocks the caller or raises SIGPIPE in the host
/// app; signal handlers are never touched. Failures are reported as ``SocketFailure``.
struct StreamSocket {
    let channel: StreamChannel
    /// The listener's process and user, as the kernel gave them at connect time on a Unix
    /// socket (pid and uid 0 on TCP, where the pairing vouches for the peer): what control
    /// outcomes name as the listener (FORMAT.md §17).
    var listener = ControlCommand.Issuer(pid: 0, uid: 0)

    /// Sends as many of `bytes` as the socket takes now.
    ///
    /// - Returns: the number of bytes sent, 0 when the socket buffer is full.
    func send(_ bytes: UnsafeRawBufferPointer) -> Result<Int, SocketFailure> {
        channel.send(bytes).mapError(SocketFailure.init)
    }

    /// Sends what the channel holds of a frame begun.
    ///
    /// - Returns: the failure that ends the connection, if any.
    func flush() -> SocketFailure? {
        if case let .failure(failure) = channel.flush() { return SocketFailure(failure) }
        return nil
    }

    /// Waits at most `milliseconds` for room in the socket buffer (used only when the
    /// recorder closes, on its own thread).
    ///
    /// - Returns: whether the socket can take bytes (or has failed, which the next send reports).
    func waitUntilWritable(milliseconds: Int32) -> Bool {
        Syscalls.waitUntilWritable(channel.descriptor, milliseconds: milliseconds)
    }

    /// Reads what the listener sent, without waiting.
    ///
    /// - Returns: the bytes read; 0 when nothing waits; `nil` when the listener hung up.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int?, SocketFailure> {
        switch channel.receive(into: buffer) {
        case .success(nil): return .success(0)
        case .success(0): return .success(nil)
        case let .success(count?): return .success(count)
        case let .failure(failure): return .failure(SocketFailure(failure))
        }
    }

    /// Waits at most `milliseconds` for the listener to send something (used only when the
    /// recorder closes, on its own thread).
    func waitUntilReadable(milliseconds: Int32) {
        _ = Syscalls.waitForInput([channel.descriptor], milliseconds: milliseconds)
    }

    /// Closes the descriptor (never retried: after EINTR its state is unspecified).
    func close() {
        channel.close()
    }
}
