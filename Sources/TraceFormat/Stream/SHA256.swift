#if canImport(CryptoKit)
import CryptoKit
import Foundation
#endif

/// SHA-256 (FIPS 180-4), for the commitment to a session's continuation secret
/// (``SessionHeader/continuationCommitment``): CryptoKit's on Apple platforms,
/// ``PortableSHA256`` on Linux, where the package links no crypto library.
public enum SHA256 {
    /// The 32-byte digest of `message`.
    public static func digest(_ message: some Collection<UInt8>) -> [UInt8] {
        #if canImport(CryptoKit)
        return Array(CryptoKit.SHA256.hash(data: Array(message)))
        #else
        var hasher = PortableSHA256()
        hasher.update(message)
        return hasher.finalize()
        #endif
    }
}
