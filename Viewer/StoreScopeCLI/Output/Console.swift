import TraceAnalysis

/// Where a command writes: standard output for results, standard error for diagnostics and
/// progress. Every command gets three guarantees from it:
///
/// - **Nothing from outside drives the terminal**: every line is sanitized
///   (``Swift/String/sanitizedForTerminal``) on its way out, so a trace string or an echoed
///   argument holding an escape sequence prints as visible `\u{1b}` text. Line breaks between
///   lines are kept.
/// - **Write errors end the command cleanly**: the first failure writing standard output is
///   remembered and later output dropped; ``finish(_:)`` then reports it once
///   (`Error: cannot write to standard output: …`, exit 74), or, when the reader of a pipe
///   went away (`EPIPE`: `storescope cat T | head` with `SIGPIPE` ignored), exits 141 without
///   a word, as if `SIGPIPE` had ended the program. Long loops may stop early on ``isBroken``.
/// - **Few system calls**: output is buffered and written in 64 KiB blocks.
final class Console {
    private var buffer: [UInt8] = []
    private let output: StandardStream
    private let errors: StandardStream
    /// The first failure writing standard output.
    private(set) var outputFailure: Errno?

    init(output: StandardStream = .output, errors: StandardStream = .error) {
        self.output = output
        self.errors = errors
        buffer.reserveCapacity(1 << 16)
    }

    /// Whether standard output failed: further output is dropped, so a command may stop.
    var isBroken: Bool { outputFailure != nil }

    /// Appends a line to standard output.
    func line(_ text: String) {
        guard outputFailure == nil else { return }
        write(text)
        buffer.append(0x0A)
    }

    /// Writes text to standard output (sanitized, line breaks kept).
    func write(_ text: String) {
        guard outputFailure == nil else { return }
        Self.appendSanitized(text, to: &buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes a line to standard error (after flushing standard output, to keep order).
    /// A failure writing standard error is ignored: there is nowhere left to report it.
    func error(_ text: String) {
        flush()
        var bytes: [UInt8] = []
        Self.appendSanitized(text, to: &bytes)
        bytes.append(0x0A)
        _ = bytes.withUnsafeBytes { errors.writeAll($0) }
    }

    /// Writes buffered output; on failure remembers it and drops the rest.
    func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard outputFailure == nil else { return }
        if case let .failure(failure) = buffer.withUnsafeBytes({ output.writeAll($0) }) {
            outputFailure = failure
        }
    }

    /// Flushes and returns the exit status the program ends with: `status`, unless writing
    /// standard output failed (see the type's documentation).
    func finish(_ status: Int32) -> Int32 {
        flush()
        guard let failure = outputFailure else { return status }
        if failure == .brokenPipe { return ExitStatus.closedPipe }
        error("Error: cannot write to standard output: \(failure)")
        return ExitStatus.outputFailed
    }

    private static func appendSanitized(_ text: String, to bytes: inout [UInt8]) {
        // Fast path: no byte that can start a control character, a C1 control (C2 80-9F), a
        // line or paragraph separator (E2 80 A8-A9) or a bidirectional override (E2 80 AA-AE,
        // E2 81 A6-A9).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
            bytes.append(contentsOf: text.utf8)
            return
        }
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { bytes.append(0x0A) }
            first = false
            bytes.append(contentsOf: String(line).sanitizedForTerminal.utf8)
        }
    }
}
