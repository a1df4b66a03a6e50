#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to standard error, for the recorder's diagnostics.
enum StandardError {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            _ = fwrite(bytes.baseAddress, 1, bytes.count, stderr)
        }
    }
}
