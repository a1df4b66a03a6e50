import Foundation

/// Where a command writes: standard output for results, standard error for diagnostics and
/// progress. Output is buffered and written in large blocks, so printing a million records
/// does not cost a million system calls.
final class Console {
    private var buffer: [UInt8] = []
    private let output: FileHandle
    private let errors: FileHandle

    init(output: FileHandle = .standardOutput, errors: FileHandle = .standardError) {
        self.output = output
        self.errors = errors
        buffer.reserveCapacity(1 << 16)
    }

    deinit { flush() }

    /// Appends a line to standard output.
    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes text to standard output as is.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes a line to standard error (after flushing standard output, to keep order).
    func error(_ text: String) {
        flush()
        errors.write(Data((text + "\n").utf8))
    }

    /// Writes buffered output.
    func flush() {
        guard !buffer.isEmpty else { return }
        output.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
