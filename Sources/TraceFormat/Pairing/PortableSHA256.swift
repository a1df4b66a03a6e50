#if !canImport(CryptoKit)
/// SHA-256 (FIPS 180-4) for platforms without CryptoKit (Linux): incremental, so that
/// ``HMACSHA256`` can keep the state after its padded key and hash each frame without copying
/// it. Apple platforms use CryptoKit's instead. Tested against the FIPS 180 and RFC 6234
/// vectors and against Python's `hashlib` (TraceFormatTests, "SHA-256 and HMAC").
struct PortableSHA256 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// The bytes of the block being filled (at most 63 between calls).
    private var block = [UInt8](repeating: 0, count: 64)
    private var blockCount = 0
    private var totalBytes: UInt64 = 0

    init() {}

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        totalBytes &+= UInt64(left)
        if blockCount > 0 {
            let taken = min(64 - blockCount, left)
            block.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: blockCount).copyMemory(from: base, byteCount: taken) }
            blockCount += taken
            base += taken
            left -= taken
            guard blockCount == 64 else { return }
            block.withUnsafeBytes { compress($0.baseAddress!) }
            blockCount = 0
        }
        while left >= 64 {
            compress(base)
            base += 64
            left -= 64
        }
        if left > 0 {
            block.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: base, byteCount: left) }
            blockCount = left
        }
    }

    mutating func update(_ bytes: some Collection<UInt8>) {
        if let done: Void = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) { return done }
        Array(bytes).withUnsafeBytes { update($0) }
    }

    /// The digest of everything given so far (the hasher itself is left as it was).
    func finalize() -> [UInt8] {
        var hasher = self
        return hasher.finish()
    }

    private mutating func finish() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var tail: [UInt8] = [0x80]
        let padding = (blockCount + 1) % 64 <= 56 ? 56 - (blockCount + 1) % 64 : 120 - (blockCount + 1) % 64
        tail += [UInt8](repeating: 0, count: padding)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let total = totalBytes
        tail.withUnsafeBytes { update($0) }
        totalBytes = total
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }

    private mutating func compress(_ bytes: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for index in 0..<16 {
                w[index] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            for index in 16..<64 {
                let low = w[index - 15], high = w[index - 2]
                let sigma0 = rotate(low, 7) ^ rotate(low, 18) ^ (low >> 3)
                let sigma1 = rotate(high, 17) ^ rotate(high, 19) ^ (high >> 10)
                w[index] = w[index - 16] &+ sigma0 &+ w[index - 7] &+ sigma1
            }
            var (a, b, c, d, e, f, g, h) = state
            Self.roundConstants.withUnsafeBufferPointer { k in
                for index in 0..<64 {
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ choice &+ k[index] &+ w[index]
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ majority
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                }
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }

    @inline(__always)
    private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value >> count | value << (32 - count)
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
#endif
