/// A message a listener sends back to the app over the app's own connection (FORMAT.md §17):
/// `SSLM`, a version byte, a kind byte, two zero bytes, the payload's length (u32, little
/// endian), the payload. A reader skips kinds it does not know by their length.
public enum ListenerMessage: Sendable, Hashable {
    /// The listener has taken in this many bytes of the connection's stream, counted from the
    /// first byte of its session header, in whole units (the header, chunks), and written them
    /// to its recording when it records. Cumulative: a later one supersedes an earlier one.
    case acknowledged(bytes: UInt64)
    /// A piece of a ``ControlCommand``'s body (kind 2, more follow; kind 3, the last one). A
    /// command larger than ``maximumPayload`` is sent in several, back to back.
    case commandPart([UInt8], isLast: Bool)
    /// The connection's header is that of a session file the listener would continue: the
    /// app proves it started that session with a ``SessionProof`` before its first chunk
    /// (kind 4, no payload), or the connection is recorded as a session of its own.
    case proofWanted
    /// A kind this reader does not know (skipped).
    case unknown(kind: UInt8)

    static let magic: [UInt8] = Array("SSLM".utf8)
    /// The version this writer sends and this reader reads.
    public static let version: UInt8 = 1
    /// Bytes before the payload.
    public static let headerSize = 12
    /// The largest payload a reader accepts: a message larger than this ends the connection.
    public static let maximumPayload = 64 * 1024

    static let acknowledgedKind: UInt8 = 1
    static let commandPartKind: UInt8 = 2
    static let commandLastPartKind: UInt8 = 3
    static let proofWantedKind: UInt8 = 4

    /// The messages that carry a command's body: as many parts as its size needs.
    public static func messages(carrying body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + maximumPayload, body.count)
            bytes += ListenerMessage.commandPart(Array(body[start..<end]), isLast: end == body.count).encoded
            start = end
        } while start < body.count
        return bytes
    }

    /// The message's bytes.
    public var encoded: [UInt8] {
        switch self {
        case let .acknowledged(bytes):
            var payload = ByteWriter()
            payload.writeFixed(bytes)
            return Self.message(kind: Self.acknowledgedKind, payload: payload.bytes)
        case let .commandPart(part, isLast):
            return Self.message(kind: isLast ? Self.commandLastPartKind : Self.commandPartKind, payload: part)
        case .proofWanted:
            return Self.message(kind: Self.proofWantedKind, payload: [])
        case .unknown:
            return []
        }
    }

    /// `SSLM`, the version, `kind`, two zero bytes, the payload's length, the payload.
    private static func message(kind: UInt8, payload: [UInt8]) -> [UInt8] {
        var writer = ByteWriter(capacity: headerSize + payload.count)
        writer.write(contentsOf: magic)
        writer.write(version)
        writer.write(kind)
        writer.writeFixed(UInt16(0))
        writer.writeFixed(UInt32(payload.count))
        writer.write(contentsOf: payload)
        return writer.bytes
    }
}

/// Reads ``ListenerMessage``s from bytes that arrive in pieces. Memory is bounded by one
/// message (at most ``ListenerMessage/maximumPayload``).
public struct ListenerMessageDecoder: Sendable {
    private var buffer: [UInt8] = []

    /// Creates a decoder.
    public init() {}

    /// Appends received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message, or `nil` when more bytes are needed.
    ///
    /// - Throws: ``TraceError/malformed(_:)`` when the bytes are not listener messages.
    public mutating func next() throws(TraceError) -> ListenerMessage? {
        let prefix = min(buffer.count, 4)
        guard buffer.prefix(prefix).elementsEqual(ListenerMessage.magic.prefix(prefix)) else {
            throw .malformed("the listener sent bytes that are not a listener message")
        }
        guard buffer.count >= ListenerMessage.headerSize else { return nil }
        let version = buffer[4]
        let kind = buffer[5]
        let length = Int(UInt32(buffer[8]) | UInt32(buffer[9]) << 8 | UInt32(buffer[10]) << 16 | UInt32(buffer[11]) << 24)
        guard version == ListenerMessage.version else { throw .malformed("listener message version \(version), this app reads \(ListenerMessage.version)") }
        guard length <= ListenerMessage.maximumPayload else { throw .malformed("a listener message of \(length) bytes, more than \(ListenerMessage.maximumPayload)") }
        guard buffer.count >= ListenerMessage.headerSize + length else { return nil }
        let payload = buffer[ListenerMessage.headerSize..<ListenerMessage.headerSize + length]
        buffer.removeFirst(ListenerMessage.headerSize + length)
        switch kind {
        case ListenerMessage.acknowledgedKind:
            guard payload.count == 8 else { throw .malformed("an acknowledgement of \(payload.count) bytes, not 8") }
            let value = payload.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return .acknowledged(bytes: value)
        case ListenerMessage.commandPartKind, ListenerMessage.commandLastPartKind:
            return .commandPart(Array(payload), isLast: kind == ListenerMessage.commandLastPartKind)
        case ListenerMessage.proofWantedKind:
            return .proofWanted
        default:
            return .unknown(kind: kind)
        }
    }
}
