import TraceAnalysis

extension ExitStatus {
    /// The one rule every command's exit status follows, for scripts and CI (docs/GUIDE.md,
    /// "Exit statuses"):
    ///
    /// - **0**: the trace was read whole (no damaged part, no torn tail, closed cleanly with
    ///   its footer index) and the answer is a yes: complete, found, equal.
    /// - **1**: the trace is damaged or was not closed cleanly (standard error says what is
    ///   missing; the answer comes from the readable part), or the answer is a no: no action
    ///   matched (`log`, as `grep`), a state is unknown or has no such path, the sessions
    ///   diverge (`compare`), effects are still running (`effects --running`).
    /// - **2** (``unreadable``): a file cannot be read at all. **64** (``usage``): the
    ///   command line is wrong. **74** and **141**: standard output failed (``Console``).
    ///
    /// Commands decide only the two facts; this decides the status.
    ///
    /// - Parameters:
    ///   - traceIntact: whether every trace the command read was read whole.
    ///   - answered: whether the command's answer is a yes.
    /// - Returns: ``success`` or ``failure``.
    static func of(traceIntact: Bool, answered: Bool) -> Int32 {
        traceIntact && answered ? success : failure
    }

    /// The rule in words, for a command's `--help`.
    static let discussion = discussion(no: nil)

    /// The rule in words, for a command's `--help`, with the command's own "no" answers.
    ///
    /// - Parameter no: when the command's answer is a no (`"no action matches, as grep"`).
    static func discussion(no: String?) -> String {
        let answer = no.map { ", or \($0)" } ?? ""
        return wrapped(
            "Exit status: 0 when the trace was read whole and the answer is complete; 1 when the trace is damaged or was "
                + "not closed cleanly (standard error says what is missing, and the answer covers the readable part)\(answer); "
                + "2 when a file cannot be read; 64 for a usage error.")
    }

    /// `text` in lines of at most 88 characters, broken at spaces.
    private static func wrapped(_ text: String) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > 88 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

extension Console {
    /// The warning for a trace without its footer index (the app did not call `close()`, or
    /// it crashed at a chunk boundary) when nothing else is missing.
    static let notClosedWarning = "warning: the session was not closed cleanly (no footer index): answered from every complete chunk"

    /// Says on standard error what of the trace read through `reader` is missing (damaged
    /// parts, a torn tail, headers misstating their chunks) or that it was not closed
    /// cleanly, once its items have been read to the end.
    ///
    /// - Parameter label: a name for the trace in each warning, when a command reads several.
    /// - Returns: whether the trace was read whole: the `traceIntact` of
    ///   ``ExitStatus/of(traceIntact:answered:)``.
    func reportIntegrity(of reader: TraceReader, label: String? = nil) -> Bool {
        let prefix = label.map { "\($0.sanitizedForTerminal): " } ?? ""
        let missing = reader.missingParts
        for part in missing { error("warning: \(prefix)\(part.sanitizedForTerminal)") }
        if !missing.isEmpty { error("warning: \(prefix)the answer above covers only the readable part of the trace") }
        let closed = reader.indexSource == .footer
        if !closed && missing.isEmpty { error(prefix.isEmpty ? Self.notClosedWarning : "warning: \(prefix)" + Self.notClosedWarning.dropFirst("warning: ".count)) }
        return missing.isEmpty && closed
    }
}
