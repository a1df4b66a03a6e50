#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals a command catches instead of their default action, the one mechanism of the CLI:
/// each caught signal sets its bit (``hasCaught(_:)``, what `listen` and `tail` check between
/// waits, which the signal also interrupts) and writes its number as one byte to a pipe (the
/// viewer's input loop waits on ``readEnd``). The handler does only that: an atomic store and
/// `write(2)`, both async-signal-safe. For commands, never for the app-side library, which must
/// not change its host's signal handlers. One pipe at a time per process; releasing it gives
/// the signals their default actions back.
package final class SignalPipe: Sendable {
    /// The pipe's end to read the caught signals' numbers from.
    package let readEnd: Int32
    private let writeEnd: Int32
    private let signals: [Int32]

    /// Where the handler writes (-1: no pipe).
    private static let target = AtomicValue<Int32>(-1)
    /// A bit per signal number caught since the process started catching it.
    private static let caught = AtomicValue<UInt64>(0)

    /// Catches `signals` (unblocking them: a parent such as a test runner may have blocked them).
    ///
    /// - Returns: the pipe, or `nil` when no pipe could be made.
    package static func catching(_ signals: [Int32]) -> SignalPipe? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        target.store(ends[1], ordering: .sequentiallyConsistent)
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { SignalPipe.handle($0) }
            #else
            action.__sigaction_handler.sa_handler = { SignalPipe.handle($0) }
            #endif
            sigemptyset(&action.sa_mask)
            // Restart what can be restarted; poll and sleeps are interrupted all the same.
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
            sigaddset(&set, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        return SignalPipe(readEnd: ends[0], writeEnd: ends[1], signals: signals)
    }

    /// Whether `signal` arrived since it was first caught.
    package static func hasCaught(_ signal: Int32) -> Bool {
        signal < 64 && caught.load(ordering: .relaxed) & (1 << UInt64(signal)) != 0
    }

    private init(readEnd: Int32, writeEnd: Int32, signals: [Int32]) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
        self.signals = signals
    }

    deinit {
        for number in signals { signal(number, SIG_DFL) }
        Self.target.compareExchange(expected: writeEnd, desired: -1)
        close(readEnd)
        close(writeEnd)
    }

    private static func handle(_ number: Int32) {
        if number >= 0, number < 64 { caught.setBits(1 << UInt64(number)) }
        let fd = target.load(ordering: .relaxed)
        guard fd >= 0 else { return }
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(fd, &byte, 1)
    }
}
