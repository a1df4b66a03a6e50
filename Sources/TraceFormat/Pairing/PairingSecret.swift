/// The secret a listener and an app share to pair over TCP (docs/FORMAT.md §17, "Pairing"):
/// 28 characters of Crockford's base32, 140 random bits from `SystemRandomNumberGenerator` (a
/// CSPRNG on Linux and Apple platforms), shown in groups of four (`7kq2-m9xd-...`) so that
/// it can be typed. Enough that nobody can guess it offline from a recorded handshake. It
/// never crosses the wire: each side proves knowledge of it with an HMAC over fresh nonces.
public struct PairingSecret: Sendable, Hashable, CustomStringConvertible {
    /// The environment variable that gives an app (or a listener) its secret.
    public static let environmentVariable = "STORESCOPE_PAIRING"
    /// Characters in a secret: 28 × 5 = 140 bits.
    public static let length = 28
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    /// The 28 characters, lowercase, without dashes: what the keys are derived from.
    public let canonical: String

    /// A new secret.
    public static func generate() -> PairingSecret {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return PairingSecret(canonical: String(characters))
    }

    private init(canonical: String) {
        self.canonical = canonical
    }

    /// Reads a secret as a user types it: any case, with or without dashes and spaces, and
    /// `i`, `l` read as `1`, `o` as `0` (Crockford's rule).
    ///
    /// - Returns: `nil` when it is not 28 characters of the alphabet.
    public init?(typed text: String) {
        var characters: [Character] = []
        for character in text.lowercased() where character != "-" && character != " " {
            switch character {
            case "i", "l": characters.append("1")
            case "o": characters.append("0")
            case _ where Self.alphabet.contains(character): characters.append(character)
            default: return nil
            }
        }
        guard characters.count == Self.length else { return nil }
        canonical = String(characters)
    }

    /// The secret in groups of four: `7kq2-m9xd-...`.
    public var description: String {
        stride(from: 0, to: canonical.count, by: 4).map { start in
            String(canonical.dropFirst(start).prefix(4))
        }.joined(separator: "-")
    }

    /// The key the pairing's codes are made with.
    var key: HMACSHA256 { HMACSHA256(key: Array(canonical.utf8)) }
}
