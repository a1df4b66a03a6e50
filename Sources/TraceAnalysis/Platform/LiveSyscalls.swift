#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// With `SignalPipe.swift` (caught signals), the one file in TraceAnalysis that calls libc:
/// the listening socket, its connections and its peers' credentials, and which file a followed
/// path names. Each call retries EINTR (through
/// TraceFormat's `valueOrErrno`) and returns the ``Errno`` of a failure, so callers decide how
/// to report it.
enum LiveSyscalls {
    /// What `lstat` says about a path.
    struct FileStatus {
        var mode: UInt32
        var owner: UInt32
        var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
        var isSocket: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFSOCK) }
        /// Permission bits (`0o700` ...).
        var permissions: UInt32 { mode & 0o7777 }
    }

    static var userID: UInt32 { UInt32(getuid()) }

    static func status(_ path: String) -> Result<FileStatus, Errno> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(.current) }
        return .success(FileStatus(mode: info.modeBits, owner: info.ownerID))
    }

    /// Which file `path` names now (following symbolic links, as `tail -F` follows a name):
    /// its device and inode, and its size.
    static func identity(_ path: String) -> Result<(device: UInt64, inode: UInt64, size: Int64), Errno> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.current) }
        return .success((info.deviceBits, info.inodeNumber, Int64(info.st_size)))
    }

    static func remove(_ path: String) -> Result<Void, Errno> {
        unlink(path) == 0 ? .success(()) : .failure(.current)
    }

    /// A non-blocking listening socket bound at `path`, made `0600` before it listens.
    static func listen(at path: String, backlog: Int32 = 128) -> Result<Int32, Errno> {
        guard var address = socketAddress(path) else { return .failure(Errno(code: ENAMETOOLONG)) }
        let fd = makeSocket()
        guard fd >= 0 else { return .failure(.current) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { return closing(fd, .current) }
        guard chmod(path, 0o600) == 0 else { return closing(fd, .current) }
        guard systemListen(fd, backlog) == 0 else { return closing(fd, .current) }
        return .success(fd)
    }

    /// Whether a listener accepts connections at `path` (a blocking connect: local and immediate).
    static func someoneListens(at path: String) -> Bool {
        guard var address = socketAddress(path) else { return false }
        let fd = Syscalls.makeUnixStreamSocket()
        guard fd >= 0 else { return false }
        defer { _ = systemClose(fd) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnectSocket(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0
    }

    /// Connects to the listener at `path` (a blocking connect: local and immediate) and makes
    /// the socket non-blocking, for a control client.
    static func connect(to path: String) -> Result<Int32, Errno> {
        guard var address = socketAddress(path) else { return .failure(Errno(code: ENAMETOOLONG)) }
        let fd = Syscalls.makeUnixStreamSocket()
        guard fd >= 0 else { return .failure(.current) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnectSocket(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { return closing(fd, .current) }
        setNonBlocking(fd)
        return .success(fd)
    }

    /// Accepts one waiting connection, non-blocking; `nil` when none waits.
    static func accept(_ listener: Int32) -> Result<Int32?, Errno> {
        switch valueOrErrno({ systemAccept(listener) }) {
        case let .success(fd):
            setNonBlocking(fd)
            return .success(fd)
        case let .failure(failure) where failure.isWouldBlock || failure.code == ECONNABORTED:
            return .success(nil)
        case let .failure(failure):
            return .failure(failure)
        }
    }


    /// Reads what is available; `.success(nil)` when nothing is, `.success(0)` at the end.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int?, Errno> {
        switch valueOrErrno({ recv(fd, buffer.baseAddress, buffer.count, 0) }) {
        case let .success(count): return .success(count)
        case let .failure(failure) where failure.isWouldBlock: return .success(nil)
        case let .failure(failure): return .failure(failure)
        }
    }

    /// Sends what the socket takes now, without waiting and without SIGPIPE.
    ///
    /// - Returns: the bytes sent (0 when the socket buffer is full).
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .success(0) }
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
        #endif
        switch valueOrErrno({ systemSend(fd, base, bytes.count, flags) }) {
        case let .success(sent): return .success(sent)
        case let .failure(failure) where failure.isWouldBlock: return .success(0)
        case let .failure(failure): return .failure(failure)
        }
    }

    /// Waits for input on `descriptors` for at most `milliseconds`; returns which are ready
    /// (readable, hung up or failed). A signal ends the wait early with nothing ready.
    static func waitForInput(_ descriptors: [Int32], milliseconds: Int32) -> [Bool] {
        Syscalls.waitForInput(descriptors, milliseconds: milliseconds)
    }

    /// Closes without retrying: after EINTR the descriptor state is unspecified.
    static func close(_ fd: Int32) {
        _ = systemClose(fd)
    }

    // MARK: Private

    private static func makeSocket() -> Int32 {
        Syscalls.makeUnixStreamSocket(nonBlocking: true)
    }

    /// Non-blocking, close-on-exec, and on Darwin `SO_NOSIGPIPE`, set on every socket,
    /// accepted ones included, rather than trusting it to be inherited from the listener.
    private static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        Syscalls.preventBrokenPipeSignal(fd)
    }

    /// `sun_path` holds 104 bytes on Darwin, 108 on Linux (``Syscalls/unixSocketAddress(_:)``).
    private static func socketAddress(_ path: String) -> sockaddr_un? {
        Syscalls.unixSocketAddress(path)
    }

    private static func closing<T>(_ fd: Int32, _ error: Errno) -> Result<T, Errno> {
        _ = systemClose(fd)
        return .failure(error)
    }
}

private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func systemAccept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func systemConnectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { connect(fd, address, length) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int { send(fd, bytes, count, flags) }
