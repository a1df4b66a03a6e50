/// The unit an app sends, right after its session header, to prove to a listener that asked
/// (``ListenerMessage/proofWanted``) that it is the app that started the session: the secret
/// whose SHA-256 is the header's ``SessionHeader/continuationCommitment`` (docs/FORMAT.md §17).
/// It is no part of the trace: a listener never writes it to a file.
///
/// `SSPF`, a version byte (1), three zero bytes, the secret's length (u32, little endian, 32),
/// the secret.
public enum SessionProof {
    static let magic: [UInt8] = Array("SSPF".utf8)
    /// The version this writer sends and this reader reads.
    static let version: UInt8 = 1
    /// The secret's size.
    public static let secretSize = 32
    /// The whole unit's size.
    public static let size = 12 + secretSize

    /// The unit carrying `secret`.
    public static func encoded(secret: [UInt8]) -> [UInt8] {
        var writer = ByteWriter()
        writer.write(contentsOf: magic)
        writer.write(version)
        writer.write(contentsOf: [0, 0, 0])
        writer.writeFixed(UInt32(secret.count))
        writer.write(contentsOf: secret)
        return writer.bytes
    }

    /// A new secret and its commitment, for a recorder that starts a session.
    public static func newSecret() -> (secret: [UInt8], commitment: [UInt8]) {
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<secretSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return (secret, SHA256.digest(secret))
    }

    /// Whether `secret` is the one `commitment` was made from.
    public static func proves(_ secret: [UInt8], _ commitment: [UInt8]) -> Bool {
        secret.count == secretSize && SHA256.digest(secret) == commitment
    }

    /// The secret of a whole unit (``size`` bytes).
    ///
    /// - Throws: ``TraceError/malformed(_:)`` when the version or length is not this one's.
    static func secret(of unit: ArraySlice<UInt8>) throws(TraceError) -> [UInt8] {
        let bytes = Array(unit)
        let length = Int(UInt32(bytes[8]) | UInt32(bytes[9]) << 8 | UInt32(bytes[10]) << 16 | UInt32(bytes[11]) << 24)
        guard bytes[4] == version, bytes[5...7].allSatisfy({ $0 == 0 }), length == secretSize else {
            throw .malformed("a session proof of version \(bytes[4]) and \(length) bytes; this listener reads version \(version), \(secretSize) bytes")
        }
        return Array(bytes[12...])
    }
}
