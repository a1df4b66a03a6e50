import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

@Suite struct RoundTripTests {
    @Test func everyRecordKindReadsBackEqualFromAFile() throws {
        let directory = try TemporaryDirectory()
        let records = Samples.everyRecordKind()
        let trace = try WrittenTrace.make(at: directory.path("all.sstrace"), records: records, chunkSize: 64 * 1024)
        let reader = try TraceReader(path: trace.path)
        #expect(reader.header == Samples.header)
        #expect(reader.allRecords() == records)
        #expect(reader.gaps.isEmpty)
        #expect(reader.tornTail == nil)
    }

    @Test func everyRecordKindReadsBackWhenEachRecordIsAloneInItsChunk() throws {
        let directory = try TemporaryDirectory()
        let records = Samples.everyRecordKind()
        let trace = try WrittenTrace.make(at: directory.path("each.sstrace"), records: records, chunkSize: 1)
        #expect(trace.chunks.count == records.count)
        #expect(try TraceReader(path: trace.path).allRecords() == records)
    }

    @Test(arguments: Samples.everyValueKind)
    func everyValueKindRoundTripsBitForBit(_ value: TraceValue) throws {
        let decoded = try roundTrip(value)
        #expect(decoded == value)
        if case let .double(original) = value, case let .double(read) = decoded {
            #expect(read.bitPattern == original.bitPattern)
        }
    }

    @Test func everyValueKindRoundTripsInsideAKeyframeOnDisk() throws {
        let directory = try TemporaryDirectory()
        let record = Record.keyframe(Keyframe(seq: 1, store: "s", state: .array(Samples.everyValueKind)))
        let trace = try WrittenTrace.make(at: directory.path("values.sstrace"), records: [record])
        #expect(try TraceReader(path: trace.path).allRecords() == [record])
    }

    @Test func nanNegativeZeroAndInfinitiesKeepTheirBitPatterns() throws {
        let patterns: [UInt64] = [
            Double.nan.bitPattern, (-Double.nan).bitPattern, Double.signalingNaN.bitPattern,
            0x7FF0_0000_0000_0001, (-0.0).bitPattern, Double.infinity.bitPattern, (-Double.infinity).bitPattern,
        ]
        for pattern in patterns {
            let value = TraceValue.double(Double(bitPattern: pattern))
            guard case let .double(read) = try roundTrip(value) else {
                Issue.record("not a double")
                continue
            }
            #expect(read.bitPattern == pattern)
        }
        #expect(TraceValue.double(0) != .double(-0.0))
        #expect(TraceValue.double(.nan) == .double(.nan))
    }

    @Test func integersAtTheExtremesUseZigzagAndTenByteVarints() throws {
        #expect(encodeValue(.int(0)) == [0x0B, 0x00])
        #expect(encodeValue(.int(-1)) == [0x0B, 0x01])
        #expect(encodeValue(.int(1)) == [0x0B, 0x02])
        #expect(encodeValue(.int(-64)) == [0x0B, 0x7F])
        #expect(encodeValue(.int(64)) == [0x0B, 0x80, 0x01])
        #expect(encodeValue(.int(Int64.max)) == [0x0B, 0xFE] + [UInt8](repeating: 0xFF, count: 8) + [0x01])
        #expect(encodeValue(.int(Int64.min)) == [0x0B] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
        #expect(encodeValue(.uint(UInt64.max)) == [0x0C] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
        for value in [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max] {
            #expect(try roundTrip(.int(value)) == .int(value))
        }
    }

    @Test func aTreeNestedJustWithinTheLimitRoundTrips() throws {
        let deepest = nestedArrays(TraceLimits.maximumDepth - 1)
        #expect(try roundTrip(deepest) == deepest)
        let optionals = (0..<(TraceLimits.maximumDepth - 1)).reduce(TraceValue.none(type: "Int")) { value, _ in .some(value) }
        #expect(try roundTrip(optionals) == optionals)

        let directory = try TemporaryDirectory()
        let record = Record.keyframe(Keyframe(seq: 1, store: "s", state: deepest))
        let trace = try WrittenTrace.make(at: directory.path("deep.sstrace"), records: [record])
        #expect(try TraceReader(path: trace.path).allRecords() == [record])
    }

    @Test func theDecoderRejectsATreeDeeperThanTheLimitWithAnError() throws {
        // An array of one element, 512 times, around an int: the int sits at depth 512.
        let bytes: [UInt8] = [TraceValue.Kind.array.rawValue, 0x01]
        let tooDeep: [UInt8] = [[UInt8]](repeating: bytes, count: TraceLimits.maximumDepth).flatMap { $0 } + [0x0B, 0x02]
        #expect(try decodeValue(Array(tooDeep.dropFirst(2))) == nestedArrays(TraceLimits.maximumDepth - 1))
        let error = #expect(throws: TraceError.self) { try decodeValue(tooDeep) }
        #expect(error == .malformed("value nested deeper than 512"))
        // A million levels must not overflow the stack either.
        let hostile: [UInt8] = [[UInt8]](repeating: bytes, count: 1_000_000).flatMap { $0 }
        #expect(throws: TraceError.self) { try decodeValue(hostile) }
    }

    @Test func theWriterRefusesATreeDeeperThanTheLimitAndKeepsItsNeighbours() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("too-deep.sstrace")
        let writer = try TraceWriter(path: path, header: Samples.header)
        try writer.append(Samples.action(1))
        let tooDeep = Record.keyframe(Keyframe(seq: 1, store: "main", state: nestedArrays(TraceLimits.maximumDepth)))
        let error = #expect(throws: TraceError.self) { try writer.append(tooDeep) }
        #expect(error?.description.contains("nested deeper than 512") == true)
        try writer.append(Samples.action(2))
        try writer.close()
        let reader = try TraceReader(path: path)
        #expect(reader.allRecords() == [Samples.action(1), Samples.action(2)])
        #expect(reader.gaps.isEmpty)
    }

    @Test func theWriterRefusesNegativeIndicesInsteadOfTrapping() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("negative.sstrace")
        let writer = try TraceWriter(path: path, header: Samples.header)
        for operation in [
            PatchOperation.set(path: [.index(-1)], value: .int(0)),
            .move(path: [.index(0)], to: -3),
            .remove(path: [.index(Int(Int32.max) + 1)]),
            .remove(path: [PathComponent](repeating: .some, count: TraceLimits.maximumDepth + 1)),
        ] {
            #expect(throws: TraceError.self) {
                try writer.append(.patch(StatePatch(seq: 1, store: "main", operations: [operation])))
            }
        }
        try writer.append(Samples.action(1))
        try writer.close()
        #expect(try TraceReader(path: path).allRecords() == [Samples.action(1)])
    }

    @Test func stringsAreLengthPrefixedUTF8WithoutTerminator() {
        #expect(encodeValue(.string("")) == [0x0A, 0x00])
        #expect(encodeValue(.string("a\u{0}é")) == [0x0A, 0x04, 0x61, 0x00, 0xC3, 0xA9])
    }

    @Test func invalidUTF8IsRepairedNotRejected() throws {
        #expect(try decodeValue([0x0A, 0x02, 0xFF, 0x41]) == .string("\u{FFFD}A"))
    }
}

/// The body bytes of one value (names are indices into the encoder's string table, which
/// this drops: use it for values without names).
func encodeValue(_ value: TraceValue) -> [UInt8] {
    var encoder = RecordEncoder()
    encoder.encode(value)
    return encoder.body.bytes
}

/// Encodes and decodes one value through the record codec with its string table.
func roundTrip(_ value: TraceValue) throws -> TraceValue {
    var encoder = RecordEncoder()
    encoder.encode(value)
    return try decodeValue(encoder.body.bytes, strings: encoder.strings.strings)
}

/// Decodes one value from body bytes; throws unless every byte is used.
func decodeValue(_ bytes: [UInt8], strings: [String] = []) throws -> TraceValue {
    try bytes.withUnsafeBytes { raw in
        var decoder = RecordDecoder(ByteReader(raw), strings: strings)
        let value = try decoder.value(depth: 0)
        guard decoder.reader.isAtEnd else { throw TraceError.malformed("trailing bytes") }
        return value
    }
}
