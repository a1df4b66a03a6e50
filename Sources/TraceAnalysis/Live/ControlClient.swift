import TraceFormat

/// Sends one ``ControlRequest`` to a running listener (`storescope listen`, `view --listen`)
/// on its socket and waits for its ``ControlReply``: what `storescope control` and the
/// viewer's keys use.
///
/// The same rules as an app's apply: the socket's directory must be private and ours, and the
/// listener must run as us (its credentials are checked before the request is sent).
public enum ControlClient {
    /// Sends `request` to the listener at `path` and waits at most `timeout` for the reply.
    ///
    /// - Throws: ``ListenError`` when no listener of ours is there, or it does not answer.
    public static func send(_ request: ControlRequest, to path: String, timeout: Duration = .seconds(15)) throws(ListenError) -> ControlReply {
        let directory = SocketDirectory.parent(of: path)
        switch PrivateDirectory.problem(at: directory, owners: [LiveSyscalls.userID]) {
        case nil: break
        case .missing:
            // No listener has made its directory: the likeliest case is none running.
            throw ListenError("no listener at \(path): \(directory) does not exist (start one with storescope listen); nothing sent")
        case let problem?:
            throw ListenError("\(directory) is not a private directory of yours (\(problem)); nothing sent")
        }
        let fd: Int32
        switch LiveSyscalls.connect(to: path) {
        case let .success(connected): fd = connected
        case let .failure(error): throw ListenError("no listener at \(path): \(error)")
        }
        defer { LiveSyscalls.close(fd) }
        guard let peer = Syscalls.peerUserID(fd), peer == LiveSyscalls.userID else {
            throw ListenError("the listener at \(path) does not run as you (uid \(LiveSyscalls.userID)); nothing sent")
        }
        let deadline = ContinuousClock.now + timeout
        var outgoing = request.encoded[...]
        while !outgoing.isEmpty {
            switch outgoing.withUnsafeBytes({ LiveSyscalls.send(fd, $0) }) {
            case let .success(sent): outgoing = outgoing.dropFirst(sent)
            case let .failure(error): throw ListenError("the listener at \(path) hung up: \(error)")
            }
            if !outgoing.isEmpty { try wait(fd, until: deadline, path: path) }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                guard let reply = ControlReplyLine.decode(Array(received[..<newline])) else {
                    throw ListenError("the listener at \(path) sent something that is not a control reply")
                }
                return reply
            }
            switch buffer.withUnsafeMutableBytes({ LiveSyscalls.receive(fd, into: $0) }) {
            case let .success(count?) where count > 0:
                received += buffer[0..<count]
                guard received.count <= ControlRequest.maximumBytes else { throw ListenError("the listener's reply is too long") }
            case .success(nil):
                try wait(fd, until: deadline, path: path)
            case .success:
                // It exited or was killed with the command in flight (or predates control): the
                // app may have run the command or not, and its trace says which.
                throw ListenError("the listener at \(path) hung up without replying: it stopped before the app answered (whether the app ran \(request.command) its trace's control records say), or it predates control")
            case let .failure(error):
                throw ListenError("the listener at \(path) hung up: \(error)")
            }
        }
    }

    private static func wait(_ fd: Int32, until deadline: ContinuousClock.Instant, path: String) throws(ListenError) {
        let left = deadline - .now
        guard left > .zero else { throw ListenError("the listener at \(path) did not reply in time") }
        _ = LiveSyscalls.waitForInput([fd], milliseconds: LiveListener.milliseconds(min(left, .milliseconds(100))))
    }
}
