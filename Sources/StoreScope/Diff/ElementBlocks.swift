#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares runs of array elements a block at a time, skipping the padding between their fields
/// and after their last one.
///
/// An array the store copied on write holds the same bytes as the one before in every field of
/// every unchanged element, but not in the padding: a copy goes field by field, so the padding
/// of the new buffer is whatever the allocator left there. A `memcmp` of whole blocks then fails
/// on nearly every block of a struct with padding (`UsersFixture.User`: 49 bytes of fields in a
/// stride of 56), and each element is compared on its own. Masking the padding out keeps the
/// comparison to one pass over the block.
///
/// Equal significant bytes mean bitwise-equal fields, which capture alike (see
/// ``StoredField/hasEqualBytes(_:_:)``).
struct ElementBlocks {
    /// Elements compared per block: per `memcmp` when every byte counts; fewer with a mask,
    /// which is built for a whole block (see ``StructLayout/blockMask``).
    let elements: Int
    /// The significant bytes of a block of ``elements`` values, one mask per 8-byte word (see
    /// ``makeMask(fields:stride:)``); `nil` when every byte counts.
    let mask: [UInt64]?

    /// The blocks of the element type `type`.
    init(type: Any.Type) {
        self.init(traits: TypeTraits.of(type: type))
    }

    /// The blocks of the element type whose traits are `traits`.
    init(traits: TypeTraits) {
        mask = traits.structLayout?.blockMask
        elements = mask == nil ? 32 : Self.maskedElements
    }

    /// Elements per block with a mask.
    static let maskedElements = 8
    /// The largest stride given a mask (a mask of at most 2 KiB): bigger elements gain little
    /// from blocks.
    static let maximumMaskedStride = 256

    /// For a struct with padding, one mask per 8-byte word of ``maskedElements`` values `stride`
    /// bytes apart: all bits set over the bytes of its fields, clear over padding. `nil` when
    /// the struct has no padding or its stride is not a multiple of 8 or is over
    /// ``maximumMaskedStride``. Nested structs' own padding counts as significant: a block that
    /// differs only there is compared element by element, which is correct, only slower.
    static func makeMask(fields: [StoredField], stride: Int) -> [UInt64]? {
        guard stride > 0, stride % 8 == 0, stride <= maximumMaskedStride else { return nil }
        var significant = [UInt8](repeating: 0, count: stride)
        for field in fields where field.size > 0 {
            for byte in field.offset..<min(field.offset + field.size, stride) { significant[byte] = 0xFF }
        }
        guard significant.contains(0) else { return nil }
        let words: [UInt64] = (0..<stride / 8).map { word in
            var mask: UInt64 = 0
            for byte in 0..<8 { mask |= UInt64(significant[word * 8 + byte]) << UInt64(8 * byte) }
            return mask
        }
        return Array((0..<maskedElements).map { _ in words }.joined())
    }

    /// How many of the `limit` elements of `stride` bytes from `a` and `b` on are in whole
    /// blocks that compare equal (see ``equal(_:_:count:stride:)``), counted in `step` order:
    /// forwards from the elements at `a` and `b` when `step` is 1, backwards from them (they are
    /// the last ones) when it is -1. Stops before the first block that differs; the last block
    /// may be shorter than ``elements``, to end at `limit`.
    ///
    /// One loop over raw addresses for the whole run, compiled once for every element type:
    /// stepping through the blocks in the element type's generic code cost as much as the
    /// comparisons themselves. While stretches compare equal, the stretch one `memcmp` takes
    /// doubles (up to ``maximumStretch`` blocks): the unchanged elements of a copy cost a few
    /// long `memcmp`s instead of one per block. A stretch that differs (a change, or padding
    /// that differs) is compared block by block from its start, and stretches begin again at
    /// one block.
    func equalRun(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, step: Int, limit: Int, stride: Int) -> Int {
        var count = 0
        var blocks = 1  // in the next stretch
        while count < limit {
            if blocks > 1 {
                let stretch = Swift.min(blocks &* elements, limit &- count)
                let offset = (step > 0 ? count : -(count &+ stretch &- 1)) &* stride
                if memcmp(a + offset, b + offset, stretch &* stride) == 0 {
                    count &+= stretch
                    blocks = Swift.min(blocks &* 2, Self.maximumStretch)
                    continue
                }
                blocks = 1
            }
            let block = Swift.min(elements, limit &- count)
            // The block's lowest address: blocks run backwards when stepping back.
            let offset = (step > 0 ? count : -(count &+ block &- 1)) &* stride
            guard equal(a + offset, b + offset, count: block, stride: stride) else { return count }
            count &+= block
            blocks = 2
        }
        return count
    }

    /// The most blocks one `memcmp` of ``equalRun(_:_:step:limit:stride:)`` compares.
    static let maximumStretch = 32

    /// Whether the `count` elements (at most ``elements``) of `stride` bytes at `a` and `b`
    /// have equal bytes, padding excluded when there is a mask. With a mask, a plain `memcmp`
    /// goes first: it is the fastest when the padding happens to be equal too (buffers the
    /// allocator recycles among copies of one array often keep theirs), and stops at the first
    /// padding byte that differs.
    @inline(__always)
    func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int, stride: Int) -> Bool {
        let bytes = count * stride
        if memcmp(a, b, bytes) == 0 { return true }
        guard let mask else { return false }
        return mask.withUnsafeBytes { mask in
            // A native array's elements start 16 bytes aligned (after its 32-byte header), so
            // the mask is read with aligned loads, which the `and` takes straight from memory
            // (one instruction less per 16 bytes). Were it not aligned, "not equal" is still
            // a correct answer: the caller then compares element by element.
            guard Int(bitPattern: mask.baseAddress!) & 15 == 0 else { return false }
            return Self.maskedEqual(a, b, mask: mask.baseAddress!, bytes: bytes)
        }
    }

    /// Whether `(a ^ b) & mask` is 0 over `bytes` bytes (a multiple of 8): 64 bytes per step
    /// in four independent lanes (a block of 8 elements is a multiple of 64 bytes), then 16,
    /// then 8, without a branch until the end. `mask` is 16-byte aligned.
    private static func maskedEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, mask: UnsafeRawPointer, bytes: Int) -> Bool {
        @inline(__always)
        func difference(at offset: Int) -> SIMD2<UInt64> {
            (a.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
                ^ b.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self))
                & mask.load(fromByteOffset: offset, as: SIMD2<UInt64>.self)
        }
        var d0 = SIMD2<UInt64>(), d1 = SIMD2<UInt64>(), d2 = SIMD2<UInt64>(), d3 = SIMD2<UInt64>()
        var offset = 0
        while offset &+ 64 <= bytes {
            d0 |= difference(at: offset)
            d1 |= difference(at: offset &+ 16)
            d2 |= difference(at: offset &+ 32)
            d3 |= difference(at: offset &+ 48)
            offset &+= 64
        }
        while offset &+ 16 <= bytes {
            d0 |= difference(at: offset)
            offset &+= 16
        }
        var rest: UInt64 = 0
        if offset < bytes {
            rest = (a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                & mask.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        let all = d0 | d1 | d2 | d3
        return (all[0] | all[1] | rest) == 0
    }
}
