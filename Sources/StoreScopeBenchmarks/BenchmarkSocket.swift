#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// A plain blocking Unix socket client: the benchmark's stand-in for an app that sends
/// already-encoded chunks as fast as the listener takes them.
enum BenchmarkSocket {
    /// Connects to `path`, sends every byte (blocking), and hangs up; SIGPIPE never raised
    /// (TraceFormat's `Syscalls.sendWithoutSignal`).
    static func send(_ bytes: [UInt8], to path: String) {
        let fd = Syscalls.makeUnixStreamSocket()
        precondition(fd >= 0)
        defer { close(fd) }
        let connected = Syscalls.withUnixSocketAddress(path) { connect(fd, $0, $1) }
        precondition(connected == 0, "cannot connect to \(path)")
        bytes.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Syscalls.sendWithoutSignal(fd, UnsafeRawBufferPointer(rebasing: raw[sent..<min(raw.count, sent + (1 << 16))]))
                if n < 0 { if errno == EINTR { continue } else { return } }
                sent += n
            }
        }
    }
}
