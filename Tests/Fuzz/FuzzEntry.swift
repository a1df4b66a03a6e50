// libFuzzer entry for TraceFormat, compiled by run.sh together with Sources/TraceFormat as one
// module (so internal decoders are reachable). Not a SwiftPM target.
//
// The first input byte picks what the rest is fed to:
//   0  a chunk payload (string table + records); what decodes must re-encode and decode equal
//   1  a whole trace file, through TraceReader and TraceFollower
//   2  a value tree and a patch, applied (errors are fine, crashes are not)
//   3  a zlib stream inflated with a declared size taken from the next two bytes
//   4  a file header and a chunk header
#if canImport(Glibc)
import Glibc
#endif

nonisolated(unsafe) private var scratchPath: String?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    switch data[0] % 5 {
    case 0: fuzzPayload(input)
    case 1: fuzzFile(input)
    case 2: fuzzPatch(input)
    case 3: fuzzInflate(input)
    default: fuzzHeaders(input)
    }
    return 0
}

private func fuzzPayload(_ input: UnsafeRawBufferPointer) {
    guard let count = input.first else { return }
    let payload = UnsafeRawBufferPointer(rebasing: input.dropFirst())
    guard let records = try? ChunkCodec.decodeRecords(payload, count: Int(count)) else { return }
    var encoder = RecordEncoder()
    for record in records {
        do throws(TraceError) { try encoder.encode(record) } catch { fatalError("decoded record does not re-encode: \(error)") }
    }
    var bytes = ByteWriter()
    encoder.strings.encode(into: &bytes)
    bytes.write(contentsOf: encoder.body.bytes)
    let again = bytes.bytes.withUnsafeBytes { try? ChunkCodec.decodeRecords($0, count: records.count) }
    guard again == records else { fatalError("records changed in a round trip") }
}

private func fuzzFile(_ input: UnsafeRawBufferPointer) {
    let path = scratchPath ?? {
        let path = "/tmp/tracefuzz-\(getpid()).sstrace"
        scratchPath = path
        return path
    }()
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot create \(path)") }
    if let base = input.baseAddress { _ = write(fd, base, input.count) }
    close(fd)
    if let reader = try? TraceReader(path: path) {
        _ = reader.allRecords()
        _ = reader.gaps
    }
    if let follower = try? TraceFollower(path: path) {
        _ = try? follower.poll()
        _ = try? follower.poll()
    }
}

private func fuzzPatch(_ input: UnsafeRawBufferPointer) {
    // A string table of a few fixed names so field steps can match.
    var decoder = RecordDecoder(ByteReader(input), strings: ["a", "b", "", "State", "x"])
    guard var value = try? decoder.value(depth: 0) else { return }
    var reader = decoder.reader
    guard let count = try? reader.readByte() else { return }
    // Reuse the record decoder's patch reading through a synthetic patch record body.
    var body: [UInt8] = [0x02, 0x00, 0x00, count]
    body += UnsafeRawBufferPointer(rebasing: input[reader.offset...])
    let strings = ["s", "a", "b", "", "State", "x"]
    let patch: Record? = body.withUnsafeBytes { raw in
        var patchDecoder = RecordDecoder(ByteReader(raw), strings: strings)
        return try? patchDecoder.decodeRecord()
    }
    guard case let .patch(statePatch)? = patch else { return }
    for operation in statePatch.operations {
        do throws(PatchError) { try value.apply(operation) } catch { _ = error.description }
    }
    var encoder = RecordEncoder()
    encoder.encode(value)
}

private func fuzzInflate(_ input: UnsafeRawBufferPointer) {
    guard input.count >= 2 else { return }
    let expected = Int(input[0]) | Int(input[1]) << 8
    guard let inflater = try? Inflater() else { fatalError("inflateInit2") }
    if let output = try? inflater.decompress(UnsafeRawBufferPointer(rebasing: input[2...]), expectedSize: expected) {
        guard output.count == expected else { fatalError("inflated to \(output.count), not \(expected)") }
    }
}

private func fuzzHeaders(_ input: UnsafeRawBufferPointer) {
    _ = try? FileHeader.decode(input)
    _ = try? ChunkHeader.decode(input)
    _ = try? FooterIndex.decodeEntries(input)
    _ = FooterIndex.decodeTrailer(Array(input.prefix(16)))
}
