import Foundation

/// A progress line on standard error, shown only when standard error is a terminal (never in
/// pipes, files or tests), redrawn in place at most ten times a second and erased when done.
final class ProgressLine {
    private let label: String
    private let isShown: Bool
    private var lastDraw: UInt64 = 0
    private var drawn = false

    /// A progress line for work described by `label` (`reading trace.sstrace`).
    init(_ label: String) {
        self.label = label
        isShown = isatty(STDERR_FILENO) == 1
    }

    /// Shows `done` of `total` units.
    func update(_ done: Int, of total: Int) {
        guard isShown, total > 0 else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- lastDraw >= 100_000_000 || done == total else { return }
        lastDraw = now
        drawn = true
        let percent = done * 100 / total
        FileHandle.standardError.write(Data("\r\u{1B}[K\(label): \(percent)% (\(done)/\(total) chunks)".utf8))
    }

    /// Erases the line.
    func finish() {
        guard drawn else { return }
        drawn = false
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
