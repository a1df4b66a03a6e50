import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

@Suite struct BadInputTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The error opening `bytes` as a trace gives, from the reader and from the follower alike.
    func openingError(_ bytes: [UInt8], _ name: String = "bad.sstrace") throws -> TraceError? {
        let path = directory.path(name)
        try writeFile(bytes, to: path)
        let readerError = #expect(throws: TraceError.self) { try TraceReader(path: path) }
        let followerError = #expect(throws: TraceError.self) { try TraceFollower(path: path) }
        #expect(readerError == followerError)
        return readerError
    }

    /// A valid trace's bytes, with `edit` applied to the file header and its CRC recomputed.
    func validTrace(editingHeader edit: (inout [UInt8]) -> Void = { _ in }) throws -> [UInt8] {
        let trace = try WrittenTrace.make(at: directory.path("valid.sstrace"), records: Samples.mixedRecords(count: 10))
        var bytes = trace.bytes
        let headerSize = Int(trace.chunks[0].offset)
        var header = Array(bytes[0..<headerSize - 4])
        edit(&header)
        let crc = CRC32.checksum(header)
        bytes.replaceSubrange(0..<headerSize, with: header + withUnsafeBytes(of: crc.littleEndian, Array.init))
        return bytes
    }

    @Test func anEmptyFileIsNotATrace() throws {
        let error = try openingError([])
        #expect(error == .notATrace("the file is empty"))
        #expect(error?.description == "not a StoreScope trace: the file is empty")
    }

    @Test func textIsNotATrace() throws {
        let error = try openingError(Array("Hello, this is a plain text file.\nNot a trace at all.\n".utf8))
        #expect(error == .notATrace("it does not start with the StoreScope signature"))
    }

    @Test func randomBytesAreNotATrace() throws {
        var rng = SplitMix64(seed: 7)
        for length in [1, 23, 24, 100, 5_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let error = try openingError(bytes, "random-\(length).sstrace")
            if length < 24 {
                #expect(error == .notATrace("the file is only \(length) bytes long"))
            } else {
                #expect(error == .notATrace("it does not start with the StoreScope signature"))
            }
        }
    }

    @Test func aFileWhoseLineEndingsWereConvertedIsNotATrace() throws {
        var bytes = try validTrace()
        bytes.replaceSubrange(6..<8, with: [0x0A])
        #expect(try openingError(bytes) == .notATrace("it does not start with the StoreScope signature"))
    }

    @Test func aFutureMajorVersionIsRefusedWithAnUpgradeHint() throws {
        let bytes = try validTrace { $0[8] = 2; $0[10] = 3 }
        let error = try openingError(bytes)
        #expect(error == .unsupportedVersion(major: 2, minor: 3))
        #expect(error?.description == "trace format version 2.3 is newer than this reader (1.1); upgrade storescope")
    }

    @Test func aFutureMinorVersionWithExtraHeaderFieldsAndUnknownCompatibleFlagsStillReads() throws {
        let bytes = try validTrace { header in
            header[10] = 7  // minor 7
            header[12] = 0xFF  // compatible features a 1.0 reader does not know
            // A 1.7 writer appended fields to the header body: extend it and its length.
            header += [1, 2, 3, 4, 5]
            header[20] += 5
        }
        let path = directory.path("future-minor.sstrace")
        try writeFile(bytes, to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.header.compatibleFeatures == 0xFF)
        #expect(reader.header.appName == Samples.header.appName)
        #expect(reader.allRecords() == Samples.mixedRecords(count: 10))
    }

    @Test func unknownIncompatibleFeatureBitsAreRefused() throws {
        let bytes = try validTrace { $0[16] = 0x03; $0[19] = 0x80 }
        let error = try openingError(bytes)
        // Bit 0 (states not recorded) is known; the others are named.
        #expect(error == .unknownIncompatibleFeatures(0x8000_0002))
        #expect(error?.description == "trace uses features this reader does not know (incompatible flags 0x80000002); upgrade storescope")
    }

    @Test func statesNotRecordedAreReadBackWithTheirFeatureBit() throws {
        let path = directory.path("coalesced.sstrace")
        var header = Samples.header
        header.incompatibleFeatures = IncompatibleFeatures.unrecordedStates
        let records: [Record] = [
            .keyframe(Keyframe(seq: 0, store: "s", state: .int(0))),
            .action(ActionRecord(seq: 1, store: "s", monotonicNanos: 1, wallNanos: 1, reducerNanos: 1, action: .string("a"))),
            .stateNotRecorded(StateNotRecorded(seq: 1, store: "s")),
        ]
        let writer = try TraceWriter(path: path, header: header)
        for record in records { try writer.append(record) }
        try writer.close()
        let reader = try TraceReader(path: path)
        #expect(reader.header.incompatibleFeatures == IncompatibleFeatures.unrecordedStates)
        #expect(reader.allRecords() == records)
    }

    @Test func aHeaderCutShortIsReportedAsSuch() throws {
        let bytes = try validTrace()
        #expect(try openingError(Array(bytes.prefix(10))) == .notATrace("the file is only 10 bytes long"))
        #expect(try openingError(Array(bytes.prefix(30))) == .malformed("the file header is cut short"))
        #expect(try openingError(Array(bytes.prefix(30)))?.description == "malformed trace data: the file header is cut short")
    }

    @Test func aDamagedHeaderFailsItsChecksum() throws {
        var bytes = try validTrace()
        bytes[30] ^= 1
        #expect(try openingError(bytes) == .malformed("file header checksum mismatch"))
    }

    @Test func anOversizedHeaderLengthIsRefusedBeforeReading() throws {
        let bytes = try validTrace { $0[22] = 0x10 }
        let error = try openingError(bytes)
        #expect(error == .malformed("header of 1048631 bytes exceeds 65536"), "\(String(describing: error))")
    }

    @Test func aMissingFileIsAnIOErrorWithTheErrno() throws {
        let path = directory.path("missing.sstrace")
        let error = #expect(throws: TraceError.self) { try TraceReader(path: path) }
        #expect(error == .io(operation: "cannot open", path: path, errno: ENOENT, message: String(cString: strerror(ENOENT))))
        #expect(error?.description == "cannot open \(path): No such file or directory")
    }

    @Test func hostileChunkFieldsFailWithoutHugeAllocations() throws {
        // A string table claiming 2^62 entries, a record count beyond the payload, a decompression bomb.
        let table: [UInt8] = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]
        let error = #expect(throws: TraceError.self) {
            try table.withUnsafeBytes { try ChunkCodec.decodeRecords($0, count: 1) }
        }
        #expect(error?.description.contains("exceeds the") == true)
        #expect(throws: TraceError.self) {
            try [UInt8]([0x00, 0x09]).withUnsafeBytes { try ChunkCodec.decodeRecords($0, count: 4_000_000_000) }
        }
        let inflater = try Inflater()
        let deflater = try Deflater(level: 9)
        let bomb = try deflater.compress([UInt8](repeating: 0, count: 1 << 20))
        let bombError = #expect(throws: TraceError.self) {
            try bomb.withUnsafeBytes { try inflater.decompress($0, expectedSize: 1_000) }
        }
        #expect(bombError == .compression("chunk expands past its declared size of 1000 bytes"))
    }
}
