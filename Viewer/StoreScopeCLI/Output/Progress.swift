#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress indicator on standard error, shown only when standard error is a
/// terminal (never in pipes, files or tests), redrawn in place at most every few percent and
/// erased when done. Written with the CLI's own write loop, so a closed standard error cannot
/// crash the command.
final class Progress {
    private let label: String
    private let isShown: Bool
    private var shownPercent = -1

    /// A progress line for work described by `label` (`reading trace.sstrace`); the caller
    /// sanitizes text that came from a trace or the command line.
    init(_ label: String) {
        self.label = label
        isShown = isatty(2) == 1
    }

    /// Shows `fraction` (0...1) done.
    func update(_ fraction: Double) {
        guard isShown else { return }
        let percent = Int(max(0, min(1, fraction)) * 100)
        guard shownPercent < 0 || percent >= shownPercent + 5 || (percent == 100 && shownPercent < 100) else { return }
        shownPercent = percent
        draw("\r\u{1B}[K\(label) \(percent)%")
    }

    /// Shows `done` of `total` units.
    func update(_ done: Int, of total: Int) {
        guard total > 0 else { return }
        update(Double(done) / Double(total))
    }

    /// Erases the line.
    func finish() {
        guard isShown, shownPercent >= 0 else { return }
        shownPercent = -1
        draw("\r\u{1B}[K")
    }

    private func draw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { StandardStream.error.writeAll(UnsafeRawBufferPointer($0)) }
    }
}
