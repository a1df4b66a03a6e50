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
        /// Nothing arrived for ``idleMilliseconds``: the server may look at what changed.
        case idle
    }

    private let descriptor: Int32
    /// How long ``next()`` waits for input before it answers ``Line/idle``; `nil`: it waits
    /// for input however long.
    let idleMilliseconds: Int32?
    private var buffer: [UInt8] = []
    private var skipping = false
    private var ended = false

    init(descriptor: Int32, idleMilliseconds: Int32? = nil) {
        self.descriptor = descriptor
        self.idleMilliseconds = idleMilliseconds
    }

    /// The next line, ``Line/idle`` after ``idleMilliseconds`` without input, or `nil` at the
    /// end of input (or on a read error). A last line without a newline still counts.
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
            if let idleMilliseconds {
                var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&wanted, 1, idleMilliseconds)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 { return .idle }
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
