#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceAnalysis

/// The only file of the viewer that calls the C library: terminal modes, window size and
/// waiting for input. Writes go through TraceFormat's `Syscalls.writeAll`, caught signals
/// through TraceAnalysis's `SignalPipe`.
enum TerminalPlatform {
    /// A terminal mode saved to restore later.
    struct SavedMode {
        fileprivate var value: termios
    }

    /// Whether `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Puts `fd` in raw mode (no echo, no line editing, no signals from keys, no output
    /// translation) and returns the mode to restore, or `nil` when it is not a terminal.
    static func enterRawMode(_ fd: Int32) -> SavedMode? {
        var original = termios()
        guard tcgetattr(fd, &original) == 0 else { return nil }
        var raw = original
        cfmakeraw(&raw)
        // Keep output post-processing off but let reads return after 0.1 s with no byte.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 1
        }
        guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else { return nil }
        return SavedMode(value: original)
    }

    /// Restores a mode saved by ``enterRawMode(_:)``.
    static func restore(_ mode: SavedMode, _ fd: Int32) {
        var value = mode.value
        _ = tcsetattr(fd, TCSAFLUSH, &value)
    }

    /// The window size of the terminal on `fd` (columns, rows), or `nil`.
    static func windowSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        #if canImport(Glibc)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        guard ioctl(fd, request, &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Writes every byte of `text` to `fd` through TraceFormat's one write loop (interrupted
    /// and partial writes retried, a full non-blocking terminal waited for, not spun on).
    ///
    /// - Returns: the failure, if the terminal could not be written (it went away).
    @discardableResult
    static func writeAll(_ fd: Int32, _ text: String) -> Errno? {
        var text = text
        return text.withUTF8 { bytes in
            if case let .failure(failure) = Syscalls.writeAll(fd, UnsafeRawBufferPointer(bytes)) { return failure }
            return nil
        }
    }

    /// What ``wait(input:signals:timeoutMilliseconds:)`` found.
    struct Ready {
        var input: [UInt8] = []
        var signals: [Int32] = []
        /// The input reached its end (the terminal went away).
        var inputClosed = false
    }

    /// Waits up to `timeoutMilliseconds` for bytes on `input` or on the signal pipe, and reads
    /// what is there.
    static func wait(input: Int32, signals: Int32, timeoutMilliseconds: Int32) -> Ready {
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
        var ready = Ready()
        guard poll(&fds, 2, timeoutMilliseconds) > 0 else { return ready }
        var buffer = [UInt8](repeating: 0, count: 4096)
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 { ready.input = Array(buffer[0..<count]) } else if count == 0 || errno != EINTR && errno != EAGAIN { ready.inputClosed = true }
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
            let count = buffer.withUnsafeMutableBytes { read(signals, $0.baseAddress, $0.count) }
            if count > 0 { ready.signals = buffer[0..<count].map(Int32.init) }
        }
        return ready
    }

    /// Turns `signals` into bytes (the signal number) on a pipe, instead of their default
    /// action, until the returned pipe is released (TraceAnalysis's ``SignalPipe``, the one
    /// signal mechanism of the CLI).
    static func catchSignals(_ signals: [Int32]) -> SignalPipe? {
        SignalPipe.catching(signals)
    }

    static let windowChanged = SIGWINCH
    static let terminate = SIGTERM
    static let hangUp = SIGHUP
    static let interrupt = SIGINT
    static let standardInput: Int32 = 0
    static let standardOutput: Int32 = 1

    /// The environment variable `name`, if set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
