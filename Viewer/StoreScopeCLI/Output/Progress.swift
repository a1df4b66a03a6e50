#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress indicator on standard error, shown only when standard error is a
/// terminal (never in pipes, files or tests), redrawn at most every few percent.
struct Progress {
    private let enabled: Bool
    private let label: String
    private var shown = -1

    init(_ label: String) {
        self.label = label
        enabled = isatty(2) == 1
    }

    /// Shows `fraction` (0...1) done.
    mutating func update(_ fraction: Double) {
        guard enabled else { return }
        let percent = Int(max(0, min(1, fraction)) * 100)
        guard percent >= shown + 5 else { return }
        shown = percent
        Self.writeToStandardError("\r\(label) \(percent)%")
    }

    /// Erases the line.
    func finish() {
        guard enabled, shown >= 0 else { return }
        Self.writeToStandardError("\r\u{1B}[K")
    }

    private static func writeToStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
