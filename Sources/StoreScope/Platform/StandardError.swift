import TraceFormat

/// Unbuffered writes to standard error (descriptor 2), for the recorder's diagnostics, through
/// TraceFormat's one write loop (`Syscalls.writeAll`). Not `fwrite(_, _, _, stderr)`: on Darwin
/// `stderr` is the C global `__stderrp`, imported as a mutable `var`, which Swift 6's strict
/// concurrency rejects ("not concurrency-safe because it involves shared mutable state"); and
/// a write loop on the descriptor needs no `FILE` lock or buffer.
enum StandardError {
    static let descriptor: Int32 = 2

    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            _ = Syscalls.writeAll(descriptor, UnsafeRawBufferPointer(bytes))
        }
    }
}
