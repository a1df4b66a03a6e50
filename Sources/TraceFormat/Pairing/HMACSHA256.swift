#if canImport(CryptoKit)
import CryptoKit
import Foundation
#endif

/// HMAC-SHA256 (RFC 2104) with one key, for pairing and for the frames of a paired stream
/// (docs/FORMAT.md §17, "Pairing"): CryptoKit's on Apple platforms, ``PortableSHA256`` on
/// Linux, where the package links no crypto library. On Linux the key's padded states are
/// computed once, so each code costs only the message's blocks and two more.
public struct HMACSHA256: Sendable {
    /// The size of a code.
    public static let codeSize = 32

    #if canImport(CryptoKit)
    /// The key's bytes: `SymmetricKey` is made for each code, so that this type stays
    /// `Sendable` whatever the SDK says of CryptoKit's.
    private let key: [UInt8]
    #else
    private let inner: PortableSHA256
    private let outer: PortableSHA256
    #endif

    /// A key for codes; any length (one longer than a block is hashed first, as RFC 2104 says).
    public init(key: [UInt8]) {
        #if canImport(CryptoKit)
        self.key = key
        #else
        var block = key
        if block.count > 64 {
            var hasher = PortableSHA256()
            hasher.update(block)
            block = hasher.finalize()
        }
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = PortableSHA256(), outer = PortableSHA256()
        inner.update(block.map { $0 ^ 0x36 })
        outer.update(block.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
        #endif
    }

    /// A code being computed over message parts given in order.
    public struct Computation {
        #if canImport(CryptoKit)
        fileprivate var mac: HMAC<CryptoKit.SHA256>
        #else
        fileprivate var hasher: PortableSHA256
        fileprivate let outer: PortableSHA256
        #endif

        /// Adds the next part of the message.
        public mutating func update(_ bytes: UnsafeRawBufferPointer) {
            #if canImport(CryptoKit)
            mac.update(data: bytes)
            #else
            hasher.update(bytes)
            #endif
        }

        /// Adds the next part of the message.
        public mutating func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { update($0) }
        }

        /// The code of the parts given.
        public func finalize() -> [UInt8] {
            #if canImport(CryptoKit)
            return Array(mac.finalize())
            #else
            var outer = outer
            outer.update(hasher.finalize())
            return outer.finalize()
            #endif
        }
    }

    /// Starts a code.
    public func start() -> Computation {
        #if canImport(CryptoKit)
        Computation(mac: HMAC<CryptoKit.SHA256>(key: SymmetricKey(data: key)))
        #else
        Computation(hasher: inner, outer: outer)
        #endif
    }

    /// The code of `message`.
    public func code(_ message: [UInt8]) -> [UInt8] {
        var computation = start()
        computation.update(message)
        return computation.finalize()
    }

    /// Whether two codes are equal, in a time that depends only on their lengths: a peer that
    /// guesses a code learns nothing from how long a refusal takes.
    public static func constantTimeEquals(_ first: some Collection<UInt8>, _ second: some Collection<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(first, second) { difference |= a ^ b }
        return difference == 0
    }
}
