import TraceFormat

/// Standard output or standard error, written with `write(2)` directly through TraceFormat's
/// one write loop (`Syscalls.writeAll`: partial writes looped, `EINTR` retried, a failure
/// returned as an ``Errno``). Foundation's `FileHandle.write(_:)` traps on any error, which
/// crashed the CLI writing to a full disk or a closed pipe.
struct StandardStream: Sendable {
    let descriptor: Int32

    /// File descriptor 1.
    static let output = StandardStream(descriptor: 1)
    /// File descriptor 2.
    static let error = StandardStream(descriptor: 2)

    /// Writes all of `bytes`, or stops at the first error (`EPIPE` when the reader of a pipe
    /// went away, with `SIGPIPE` ignored).
    func writeAll(_ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
        Syscalls.writeAll(descriptor, bytes)
    }
}
