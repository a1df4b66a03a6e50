/// The side of a paired connection: the app that streams, or the listener that receives. The
/// roles, not who connected, decide each side's proof and keys, so either may dial the other.
public enum PairingRole: UInt8, Sendable {
    case app = 1
    case listener = 2

    var other: PairingRole { self == .app ? .listener : .app }
    var name: String { self == .app ? "app" : "listener" }
}

/// Why a pairing failed: what each side tells its user.
public enum PairingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The peer's proof does not match our secret: it holds another secret, or replays an
    /// old handshake.
    case wrongSecret
    /// The peer claims our own role (two apps, or two listeners).
    case sameRole(PairingRole)
    /// The peer sent bytes that are not a pairing message.
    case notPairing(String)

    public var description: String {
        switch self {
        case .wrongSecret:
            "wrong pairing secret: the peer's proof does not match this side's secret (another secret, or a replayed handshake)"
        case let .sameRole(role):
            "the peer is \(role == .app ? "an app" : "a listener") too"
        case let .notPairing(what):
            "the peer does not speak StoreScope pairing (\(what))"
        }
    }
}

/// The keys of a paired connection: one for the frames this side sends, one for the frames it
/// receives (each direction its own, so a frame cannot be reflected back).
public struct PairedKeys: Sendable {
    public let sending: HMACSHA256
    public let receiving: HMACSHA256
}

/// Mutual challenge-response over a TCP connection before any byte of a session (docs/FORMAT.md
/// §17, "Pairing"). Each side sends a *hello* with a fresh 32-byte nonce; once it has the
/// peer's, it sends its *proof*, HMAC-SHA256 under the pairing secret of its role, the app's
/// nonce and the listener's; it checks the peer's proof in constant time. Nothing else is
/// read before both proofs hold, and the secret itself never travels. Both sides derive the
/// frame keys (``PairedKeys``) from the secret and both nonces, so a replayed handshake or a
/// frame from another connection fails.
public struct PairingHandshake: Sendable {
    public let role: PairingRole
    private let key: HMACSHA256
    private let nonce: [UInt8]
    private var buffer: [UInt8] = []
    private var peerNonce: [UInt8]?

    static let helloMagic: [UInt8] = Array("SSPH".utf8)
    static let proofMagic: [UInt8] = Array("SSPA".utf8)
    static let version: UInt8 = 1
    /// A hello's and a proof's size.
    public static let messageSize = 40
    public static let nonceSize = 32

    /// Where the handshake stands after bytes arrived.
    public enum Progress: Sendable {
        /// More bytes are needed; `send` goes to the peer first (the proof, once its hello came).
        case waiting(send: [UInt8])
        /// Both proofs hold: `send` goes first (this side's proof), then frames under `keys`;
        /// `leftover` is what the peer sent after its proof (its first frames).
        case paired(send: [UInt8], keys: PairedKeys, leftover: [UInt8])
        /// The peer failed: `send` still goes to it (this side's proof, when its hello came in
        /// the same bytes), so that it can tell its own user why.
        case failed(PairingFailure, send: [UInt8])
    }

    /// - Parameter nonce: this side's nonce; fresh from `SystemRandomNumberGenerator` unless
    ///   a test gives one.
    public init(role: PairingRole, secret: PairingSecret, nonce: [UInt8]? = nil) {
        self.role = role
        key = secret.key
        if let nonce {
            self.nonce = nonce
        } else {
            var generator = SystemRandomNumberGenerator()
            self.nonce = (0..<Self.nonceSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
    }

    /// The first bytes this side sends: `SSPH`, the version, its role, two zeros, its nonce.
    public var hello: [UInt8] { Self.message(Self.helloMagic, role, nonce) }

    /// Takes the peer's bytes.
    public mutating func receive(_ bytes: some Sequence<UInt8>) -> Progress {
        buffer.append(contentsOf: bytes)
        var send: [UInt8] = []
        if peerNonce == nil {
            guard buffer.count >= Self.messageSize else { return prefixCheck(Self.helloMagic, send) }
            switch Self.parse(buffer.prefix(Self.messageSize), Self.helloMagic, "hello") {
            case let .failure(failure): return .failed(failure, send: [])
            case let .success((peerRole, peerNonce)):
                guard peerRole == role.other else { return .failed(.sameRole(role), send: []) }
                self.peerNonce = peerNonce
            }
            buffer.removeFirst(Self.messageSize)
            send = Self.message(Self.proofMagic, role, code(for: role))
        }
        guard buffer.count >= Self.messageSize else { return prefixCheck(Self.proofMagic, send) }
        switch Self.parse(buffer.prefix(Self.messageSize), Self.proofMagic, "proof") {
        case let .failure(failure): return .failed(failure, send: send)
        case let .success((peerRole, proof)):
            guard peerRole == role.other else { return .failed(.sameRole(role), send: send) }
            guard HMACSHA256.constantTimeEquals(proof, code(for: role.other)) else { return .failed(.wrongSecret, send: send) }
        }
        let leftover = Array(buffer.dropFirst(Self.messageSize))
        buffer = []
        let keys = PairedKeys(sending: HMACSHA256(key: derive("frames " + role.name)), receiving: HMACSHA256(key: derive("frames " + role.other.name)))
        return .paired(send: send, keys: keys, leftover: leftover)
    }

    /// Waiting, unless what arrived of the next message already is not one.
    private func prefixCheck(_ magic: [UInt8], _ send: [UInt8]) -> Progress {
        let count = min(buffer.count, magic.count)
        guard buffer.prefix(count).elementsEqual(magic.prefix(count)) else {
            return .failed(.notPairing("its first bytes are not a pairing \(magic == Self.helloMagic ? "hello" : "proof")"), send: send)
        }
        return .waiting(send: send)
    }

    /// The proof of `side`: HMAC(secret, "StoreScope pairing 1 proof SIDE" ‖ app nonce ‖ listener nonce).
    private func code(for side: PairingRole) -> [UInt8] {
        derive("proof " + side.name)
    }

    private func derive(_ label: String) -> [UInt8] {
        guard let peerNonce else { return [] }
        var computation = key.start()
        computation.update(Array("StoreScope pairing 1 \(label)".utf8))
        computation.update(role == .app ? nonce : peerNonce)
        computation.update(role == .app ? peerNonce : nonce)
        return computation.finalize()
    }

    private static func message(_ magic: [UInt8], _ role: PairingRole, _ body: [UInt8]) -> [UInt8] {
        magic + [version, role.rawValue, 0, 0] + body
    }

    private static func parse(_ bytes: ArraySlice<UInt8>, _ magic: [UInt8], _ name: String) -> Result<(PairingRole, [UInt8]), PairingFailure> {
        let message = Array(bytes)
        guard message.prefix(4).elementsEqual(magic) else { return .failure(.notPairing("expected a pairing \(name)")) }
        guard message[4] == version else { return .failure(.notPairing("pairing version \(message[4]); this side speaks \(version)")) }
        guard let role = PairingRole(rawValue: message[5]), message[6] == 0, message[7] == 0 else {
            return .failure(.notPairing("a pairing \(name) with role \(message[5])"))
        }
        return .success((role, Array(message[8...])))
    }
}
