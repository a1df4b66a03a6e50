#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The messages on a byte stream, one per line (MCP's stdio transport: newline-delimited
/// JSON-RPC, no embedded newlines). A line longer than ``JSONLimits/bytes`` is not kept:
/// its bytes are skipped to the next newline and it arrives as ``Line/tooLong``, so a
/// client cannot make the server hold an unbounded line.
struct MessageLines {
    enum Line: Equatable {
        case message([UInt8])
        case tooLong
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var skipping = false
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, or `nil` at the end of input (or on a read error). A last line
    /// without a newline still counts.
    mutating func next() -> Line? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if skipping {
                    skipping = false
                    continue
                }
                return .message(line)
            }
            if buffer.count > JSONLimits.bytes {
                buffer.removeAll(keepingCapacity: true)
                if !skipping {
                    skipping = true
                    return .tooLong
                }
            }
            if ended {
                guard !buffer.isEmpty, !skipping else { return nil }
                defer { buffer.removeAll() }
                return .message(buffer)
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                ended = true
            } else {
                buffer += chunk[..<count]
            }
        }
    }
}
