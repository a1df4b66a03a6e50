#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceAnalysis

/// The only file of the viewer that calls the C library: terminal modes, window size,
/// waiting for input, and putting the terminal back when the process dies of a fatal signal. Writes go through TraceFormat's `Syscalls.writeAll`, caught signals
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
    /// what is there. The wait is TraceFormat's `Syscalls.waitForInput`: `poll(2)` on Linux,
    /// `select(2)` on Darwin, whose `poll(2)` does not support devices such as the terminal.
    static func wait(input: Int32, signals: Int32, timeoutMilliseconds: Int32) -> Ready {
        let readable = Syscalls.waitForInput([input, signals], milliseconds: timeoutMilliseconds)
        var ready = Ready()
        guard readable.contains(true) else { return ready }
        var buffer = [UInt8](repeating: 0, count: 4096)
        if readable[0] {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 { ready.input = Array(buffer[0..<count]) } else if count == 0 || errno != EINTR && errno != EAGAIN { ready.inputClosed = true }
        }
        if readable[1] {
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

    /// Stops the process as Ctrl-Z does in a shell (SIGTSTP with its default action); returns
    /// once it is continued (SIGCONT).
    static func stopProcess() {
        let previous = signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        signal(SIGTSTP, previous)
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

// MARK: - Fatal signals

/// What a crash must not leave behind: a terminal in raw mode, on the alternate screen, with
/// the cursor hidden (a stack overflow, a failed precondition, a bad pointer in the viewer). A
/// handler for the fatal signals only restores the saved terminal mode, writes the sequence
/// that shows the cursor and leaves the alternate screen, puts back the action that was there
/// before (the default, or the Swift runtime's backtracer) and re-raises, so the process dies
/// of the same signal, with the same report, on a usable terminal.
///
/// Everything the handler reads is prepared before it is armed, in memory that is never freed
/// (a handler may run on another thread while the screen is being released), and it calls only
/// async-signal-safe functions: `tcsetattr`, `write`, `sigaction`, `raise`. It runs on an
/// alternate signal stack, so a stack overflow (SIGSEGV on the guard page) can still run it.
extension TerminalPlatform {
    /// The signals that end a process with a crash: bad memory (SIGSEGV, SIGBUS), a bad or
    /// trapping instruction (SIGILL, SIGTRAP: a Swift runtime failure), SIGABRT, SIGFPE.
    static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Restores `mode` on `input` and the screen on `output` if a fatal signal arrives, until
    /// ``stopRestoringOnFatalSignals()``.
    static func restoreOnFatalSignals(_ mode: SavedMode, input: Int32, output: Int32) {
        let restore = FatalRestore.shared
        restore.pointee.mode = mode.value
        restore.pointee.input = input
        restore.pointee.output = output
        FatalRestore.ensureAlternateStack()
        for (index, number) in fatalSignals.enumerated() {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = { number, info, _ in restoreTerminalAndReraise(number, info) }
            #else
            action.__sigaction_handler.sa_sigaction = { number, info, _ in restoreTerminalAndReraise(number, info) }
            #endif
            sigemptyset(&action.sa_mask)
            // On the alternate stack; not deferred, so the re-raise reaches the previous action
            // at once.
            action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER
            sigaction(number, &action, restore.pointee.previous + index)
        }
        FatalRestore.armed.store(true, ordering: .sequentiallyConsistent)
    }

    /// Puts back the fatal signals' previous actions (the terminal was restored).
    static func stopRestoringOnFatalSignals() {
        guard FatalRestore.armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        let restore = FatalRestore.shared
        for index in fatalSignals.indices {
            sigaction(fatalSignals[index], restore.pointee.previous + index, nil)
        }
    }
}

/// What the fatal-signal handler needs, allocated once and never freed.
private struct FatalRestore {
    var mode = termios()
    var input: Int32 = 0, output: Int32 = 1
    /// The actions the handler replaced, one per ``TerminalPlatform/fatalSignals`` entry.
    var previous: UnsafeMutablePointer<sigaction>
    /// Reset attributes, show the cursor, leave the alternate screen.
    var sequence: UnsafeMutablePointer<UInt8>
    var sequenceCount: Int

    /// Whether the handler restores (it re-raises either way).
    static let armed = AtomicValue<Bool>(false)

    /// Set up on first use, from the main thread, before any handler is installed; the handler
    /// only reads it once armed.
    nonisolated(unsafe) static let shared: UnsafeMutablePointer<FatalRestore> = {
        let bytes = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
        let sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        sequence.initialize(from: bytes, count: bytes.count)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: TerminalPlatform.fatalSignals.count)
        previous.initialize(repeating: sigaction(), count: TerminalPlatform.fatalSignals.count)
        let restore = UnsafeMutablePointer<FatalRestore>.allocate(capacity: 1)
        restore.initialize(to: FatalRestore(previous: previous, sequence: sequence, sequenceCount: bytes.count))
        return restore
    }()

    /// Gives the calling thread an alternate signal stack unless it has one (the Swift
    /// runtime's backtracer may have set one up): without it, a handler for a stack overflow
    /// has no stack to run on.
    static func ensureAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        // `ss_size` is `size_t` on Glibc and `__darwin_size_t` on Darwin: whichever integer
        // type the importer makes of it, the size converts.
        stack.ss_size = .init(size)
        stack.ss_flags = 0
        _ = sigaltstack(&stack, nil)
    }
}

/// The fatal-signal handler (see ``TerminalPlatform/restoreOnFatalSignals(_:input:output:)``).
private func restoreTerminalAndReraise(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?) {
    let restore = FatalRestore.shared
    if FatalRestore.armed.exchange(false, ordering: .sequentiallyConsistent) {
        _ = tcsetattr(restore.pointee.input, TCSANOW, &restore.pointee.mode)
        _ = write(restore.pointee.output, restore.pointee.sequence, restore.pointee.sequenceCount)
    }
    // The previous actions back (even when another thread's crash restored first), so that
    // the re-raise cannot come back here.
    for index in TerminalPlatform.fatalSignals.indices {
        sigaction(TerminalPlatform.fatalSignals[index], restore.pointee.previous + index, nil)
    }
    // A fault the kernel raised (si_code > 0) happens again when the handler returns, now
    // through the previous action with its own details (the faulting address); a signal that
    // was sent (kill, raise, abort) is raised again.
    let sentByKernel = (info?.pointee.si_code ?? 0) > 0
    let isFault = number == SIGSEGV || number == SIGBUS || number == SIGILL || number == SIGFPE || number == SIGTRAP
    guard !(sentByKernel && isFault) else { return }
    raise(number)
    // The previous action returned (the backtracer does, for a signal that was sent): the
    // process still dies of the signal, as it would have without this handler.
    signal(number, SIG_DFL)
    raise(number)
}
