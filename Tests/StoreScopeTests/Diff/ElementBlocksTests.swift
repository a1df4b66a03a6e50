import Foundation
import Testing
import TraceFormat
@testable import StoreScope

// Arrays copied on write hold the same field bytes as before but arbitrary padding bytes: the
// differ's block comparison must skip the padding, and must never skip a field's byte.

/// Fields of 25 bytes in a stride of 32: 7 bytes of padding after `flag`.
private struct Tagged: Equatable {
    var id: Int
    var name: String
    var flag: Bool
}

/// 4 bytes of padding between `flag` and `count`, none at the end.
private struct Gapped: Equatable {
    var id: Int
    var flag: Bool
    var count: Int32
}

/// `values` in a new buffer whose every byte was `fill` before the elements were copied in
/// (field by field, as a copy-on-write copy does): its padding holds `fill`.
private func copied<Element>(_ values: [Element], padding fill: UInt8) -> [Element] {
    [Element](unsafeUninitializedCapacity: values.count) { buffer, count in
        UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: fill)
        for (index, value) in values.enumerated() { (buffer.baseAddress! + index).initialize(to: value) }
        count = values.count
    }
}

private func tagged(_ count: Int) -> [Tagged] {
    (0..<count).map { Tagged(id: $0, name: "member number \($0)", flag: $0 % 2 == 0) }
}

@Test("Equal elements whose padding differs compare equal a block at a time, a changed field does not")
func paddingIsSkipped() throws {
    // The same values, so their strings share storage: only the padding tells the copies apart.
    let values = tagged(8)
    let old = copied(values, padding: 0xAB), new = copied(values, padding: 0xCD)
    let stride = MemoryLayout<Tagged>.stride
    #expect(MemoryLayout<Tagged>.size < stride)
    try old.withUnsafeBytes { oldBytes in
        try new.withUnsafeBytes { newBytes in
            let a = try #require(oldBytes.baseAddress), b = try #require(newBytes.baseAddress)
            // The padding really differs: a plain byte comparison fails.
            #expect(memcmp(a, b, 8 * stride) != 0)
            let blocks = ElementBlocks(type: Tagged.self)
            #expect(blocks.mask != nil)
            #expect(blocks.equal(a, b, count: 8, stride: stride))
        }
    }
    var changed = values
    changed[5].flag.toggle()
    let flipped = copied(changed, padding: 0xAB)
    try old.withUnsafeBytes { oldBytes in
        try flipped.withUnsafeBytes { newBytes in
            let a = try #require(oldBytes.baseAddress), b = try #require(newBytes.baseAddress)
            #expect(!ElementBlocks(type: Tagged.self).equal(a, b, count: 8, stride: stride))
        }
    }
}

/// 17 bytes of fields in a stride of 24: a block's bytes end in a half step of 8.
private struct Scored: Equatable {
    var id: Int
    var score: Int
    var flag: Bool
}

@Test("A changed field is found in every element of blocks of every length, whatever their padding")
func everyPositionOfEveryBlockLength() throws {
    try changesFound(in: tagged(8)) { values, position, field in
        switch field {
        case 0: values[position].id += 1
        case 1: values[position].name = "changed"
        default: values[position].flag.toggle()
        }
    }
    #expect(MemoryLayout<Scored>.stride == 24)
    try changesFound(in: (0..<8).map { Scored(id: $0, score: $0 * 3, flag: false) }) { values, position, field in
        switch field {
        case 0: values[position].id += 1
        case 1: values[position].score -= 1
        default: values[position].flag.toggle()
        }
    }
}

/// Checks that blocks of 1 to 8 of `values` compare equal across copies with other padding,
/// and unequal with any one of three fields (`change`) changed at any position.
private func changesFound<Element>(in values: [Element], change: (inout [Element], Int, Int) -> Void) throws {
    let old = copied(values, padding: 0x5A)
    let stride = MemoryLayout<Element>.stride
    try old.withUnsafeBytes { oldBytes in
        let a = try #require(oldBytes.baseAddress)
        for count in 1...8 {
            try copied(values, padding: 0xA5).withUnsafeBytes { bytes in
                let blocks = ElementBlocks(type: Element.self), b = try #require(bytes.baseAddress)
                #expect(blocks.mask != nil)
                #expect(blocks.equal(a, b, count: count, stride: stride), "\(count)")
            }
            for position in 0..<count {
                for field in 0..<3 {
                    var changed = values
                    change(&changed, position, field)
                    try copied(changed, padding: 0xA5).withUnsafeBytes { bytes in
                        let b = try #require(bytes.baseAddress)
                        #expect(!ElementBlocks(type: Element.self).equal(a, b, count: count, stride: stride), "\(count) \(position) \(field)")
                    }
                }
            }
        }
    }
}

@Test("The mask covers every byte of every field and no padding, inside the struct and after it")
func maskCoversFields() throws {
    let layout = try #require(TypeTraits.of(type: Gapped.self).structLayout)
    let mask = try #require(layout.blockMask)
    #expect(mask.count == ElementBlocks.maskedElements * MemoryLayout<Gapped>.stride / 8)
    // id: bytes 0-7; flag: byte 8; padding 9-11; count: bytes 12-15.
    #expect(mask[0] == UInt64.max)
    #expect(mask[1] == 0xFFFF_FFFF_0000_00FF)
    #expect(TypeTraits.of(type: Int.self).structLayout?.blockMask == nil)
}

@Test("One changed field is found at any position of arrays whose padding differs")
func changesAreFoundDespitePadding() throws {
    let base = tagged(100)
    let old = copied(base, padding: 0x11)
    #expect(capturePatch(from: old, to: copied(base, padding: 0xEE)).isEmpty)
    for position in [0, 7, 8, 9, 31, 50, 91, 92, 99] {
        var values = base
        values[position].flag.toggle()
        let new = copied(values, padding: 0xEE)
        #expect(
            capturePatch(from: old, to: new) == [.set(path: [.index(position), .field("flag")], value: captureValue(values[position].flag))],
            "\(position)")
        var gapped = (0..<20).map { Gapped(id: $0, flag: false, count: Int32($0)) }
        let oldGapped = copied(gapped, padding: 0x22)
        gapped[position % 20].count += 1
        #expect(
            capturePatch(from: oldGapped, to: copied(gapped, padding: 0x33))
                == [.set(path: [.index(position % 20), .field("count")], value: captureValue(gapped[position % 20].count))])
    }
}

/// `blocks.equalRun` over the arrays `old` and `new` of the same length, from their first
/// elements forwards (`step` 1) or from their last ones backwards (`step` -1).
private func equalRun(_ blocks: ElementBlocks, _ old: [Tagged], _ new: [Tagged], step: Int, limit: Int) throws -> Int {
    let stride = MemoryLayout<Tagged>.stride
    return try old.withUnsafeBytes { oldBytes in
        try new.withUnsafeBytes { newBytes in
            let start = step > 0 ? 0 : (old.count - 1) * stride
            let a = try #require(oldBytes.baseAddress) + start, b = try #require(newBytes.baseAddress) + start
            return blocks.equalRun(a, b, step: step, limit: limit, stride: stride)
        }
    }
}

@Test("A run of equal blocks is counted up to the block holding a change, forwards and backwards, and ends at its limit")
func equalRunStopsAtTheChangedBlock() throws {
    let count = 100
    let values = tagged(count)
    let old = copied(values, padding: 0x3C)
    let blocks = ElementBlocks(type: Tagged.self)
    #expect(blocks.elements == 8)
    func run(_ new: [Tagged], step: Int, limit: Int) throws -> Int {
        try equalRun(blocks, old, new, step: step, limit: limit)
    }
    // Nothing changed: the whole run, a short last block included, whatever the padding.
    for limit in [0, 1, 7, 8, 9, 61, 100] {
        #expect(try run(copied(values, padding: 0xC3), step: 1, limit: limit) == limit, "\(limit)")
        #expect(try run(copied(values, padding: 0xC3), step: -1, limit: limit) == limit, "\(limit)")
    }
    for position in [0, 7, 8, 42, 91, 92, 99] {
        var changed = values
        changed[position].flag.toggle()
        let new = copied(changed, padding: 0xC3)
        // Whole blocks before the change, counted from each end.
        #expect(try run(new, step: 1, limit: count) == position / 8 * 8, "\(position)")
        #expect(try run(new, step: -1, limit: count) == (count - 1 - position) / 8 * 8, "\(position)")
        // A limit short of the change's block ends the run first.
        #expect(try run(new, step: 1, limit: min(position / 8 * 8, 5)) == min(position / 8 * 8, 5), "\(position)")
    }
}

/// An enum with payloads of other sizes: its padding depends on the case.
private enum CardShape: Equatable {
    case dot
    case circle(radius: Int32)
    case label(String, bold: Bool)
}

/// A class instance held by reference: compared and captured by identity.
private final class CardImage: Equatable {
    let url: String
    init(url: String) { self.url = url }
    static func == (a: CardImage, b: CardImage) -> Bool { a === b }
}

private struct PaddedCard: Equatable {
    var id: Int
    var shape: CardShape
    var image: CardImage
    var flag: Bool
}

@Test("Copies whose padding differs give no patch, and a change at either end or at both is found in elements with strings, enums and references")
func changesAtTheEndsOfPaddedCopies() throws {
    let images = (0..<3).map { CardImage(url: "https://example.com/\($0).png") }
    let shapes: [CardShape] = [.dot, .circle(radius: 3), .label("a label long enough for the heap", bold: true)]
    let values = (0..<70).map { PaddedCard(id: $0, shape: shapes[$0 % 3], image: images[$0 % 3], flag: $0 % 2 == 0) }
    #expect(MemoryLayout<PaddedCard>.size < MemoryLayout<PaddedCard>.stride)
    let old = copied(values, padding: 0x69)
    #expect(capturePatch(from: old, to: copied(values, padding: 0x96)).isEmpty)
    let changes: [(Int, (inout PaddedCard) -> Void)] = [
        (0, { $0.id = -1 }), (69, { $0.flag.toggle() }), (0, { $0.image = CardImage(url: "other") }),
        (69, { $0.shape = .label("a label long enough for the heap", bold: false) }), (1, { $0.shape = .circle(radius: 4) }),
    ]
    for (index, (position, change)) in changes.enumerated() {
        var new = values
        change(&new[position])
        // The same change at the other end too: the suffix's walk must stop there as well.
        change(&new[69 - position])
        let patch = capturePatch(from: old, to: copied(new, padding: 0x96))
        var tree = captureValue(old)
        try tree.apply(patch)
        #expect(tree == captureValue(new), "\(index)")
        let changed = Set(patch.compactMap { operation -> Int? in
            guard case let .set(path, _) = operation, case let .index(element)? = path.first else { return nil }
            return element
        })
        #expect(changed == [position, 69 - position], "\(index)")
    }
}

/// `values` in a new buffer whose bytes were `fill(index)` over each element's stride before the
/// elements were copied in: the padding of element `index` holds `fill(index)`.
private func copied<Element>(_ values: [Element], padding fill: (Int) -> UInt8) -> [Element] {
    let stride = MemoryLayout<Element>.stride
    return [Element](unsafeUninitializedCapacity: values.count) { buffer, count in
        let bytes = UnsafeMutableRawBufferPointer(buffer)
        for index in values.indices {
            UnsafeMutableRawBufferPointer(rebasing: bytes[index * stride..<(index + 1) * stride])
                .initializeMemory(as: UInt8.self, repeating: fill(index))
        }
        for (index, value) in values.enumerated() { (buffer.baseAddress! + index).initialize(to: value) }
        count = values.count
    }
}

@Test("Long runs compared many blocks at a time are counted to the block holding a change, whatever stretch of padding differs")
func longRunsStopAtTheChangedBlock() throws {
    let count = 1_000
    let values = tagged(count)
    let blocks = ElementBlocks(type: Tagged.self)
    // The same padding throughout, or padding that differs only in one stretch (a `memcmp` of
    // many blocks fails there, while each block compares equal without its padding).
    let paddings: [(old: (Int) -> UInt8, new: (Int) -> UInt8)] = [
        ({ _ in 0x5A }, { _ in 0x5A }),
        ({ _ in 0x5A }, { (300..<340).contains($0) ? 0xA5 : 0x5A }),
        ({ _ in 0x5A }, { $0 % 97 == 3 ? 0xA5 : 0x5A }),
    ]
    for (padding, fills) in paddings.enumerated() {
        let old = copied(values, padding: fills.old)
        func run(_ new: [Tagged], step: Int, limit: Int) throws -> Int {
            try equalRun(blocks, old, new, step: step, limit: limit)
        }
        for limit in [0, 9, 300, 333, 1_000] {
            #expect(try run(copied(values, padding: fills.new), step: 1, limit: limit) == limit, "\(padding) \(limit)")
            #expect(try run(copied(values, padding: fills.new), step: -1, limit: limit) == limit, "\(padding) \(limit)")
        }
        for position in [0, 8, 23, 24, 56, 120, 247, 248, 310, 500, 660, 975, 999] {
            var changed = values
            changed[position].flag.toggle()
            let new = copied(changed, padding: fills.new)
            #expect(try run(new, step: 1, limit: count) == position / 8 * 8, "\(padding) \(position)")
            #expect(try run(new, step: -1, limit: count) == (count - 1 - position) / 8 * 8, "\(padding) \(position)")
            #expect(try run(new, step: 1, limit: min(position / 8 * 8, 130)) == min(position / 8 * 8, 130), "\(padding) \(position)")
        }
    }
}
