import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// A listening socket bound by this process and written against libc: a listener that is
/// not StoreScope's (another user's stand-in, or one that sends what no honest listener would).
public final class RawListener {
    public let fd: Int32

    public init(path: String) throws {
        fd = Syscalls.makeUnixStreamSocket()
        let bound = withUnixSocketAddress(path) { [fd] in bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { close(fd) }

    /// Whether any connection is waiting to be accepted (the kernel queues connections
    /// whether or not the listener accepts them, so an app that connected shows here).
    public var someoneConnected: Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Accepts the app's next connection (waiting at most 10 s).
    public func accept() throws -> Int32 {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 10_000) > 0 else { throw POSIXError(.ETIMEDOUT) }
        #if canImport(Glibc)
        let connection = Glibc.accept(fd, nil, nil)
        #else
        let connection = Darwin.accept(fd, nil, nil)
        #endif
        // SO_NOSIGPIPE on Darwin: a test that writes to the app after it died gets EPIPE.
        if connection >= 0 { Syscalls.preventBrokenPipeSignal(connection) }
        return connection
    }
}
