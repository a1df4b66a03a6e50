import CZlib

/// A reusable zlib decompressor that never produces more than the size the caller expects:
/// the output buffer is allocated once at that size, so a decompression bomb fails instead of
/// growing memory.
final class Inflater {
    private var stream = z_stream()

    init() throws(TraceError) {
        let status = storescope_inflateInit2(&stream, 15)
        guard status == Z_OK else { throw .compression("inflateInit2 failed (\(status))") }
    }

    deinit { inflateEnd(&stream) }

    /// Decompresses one complete zlib stream that must expand to exactly `expectedSize` bytes.
    func decompress(_ input: UnsafeRawBufferPointer, expectedSize: Int) throws(TraceError) -> [UInt8] {
        defer {
            stream.next_in = nil
            stream.next_out = nil
            inflateReset(&stream)
        }
        var status: Int32 = Z_OK
        var extra = false
        // One spare byte detects a stream that would expand past the expected size. Not
        // zeroed first: zlib writes every byte up to `total_out`, and the array ends there
        // (at `expectedSize` bytes when the stream is whole).
        let capacity = expectedSize + 1
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { target, initialized in
            initialized = 0
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: UInt8.self).baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = target.baseAddress
            stream.avail_out = uInt(capacity)
            status = inflate(&stream, Z_FINISH)
            extra = Int(stream.avail_out) == 0
            if status == Z_STREAM_END && Int(stream.total_out) != expectedSize { extra = true }
            initialized = capacity - Int(stream.avail_out)
        }
        guard status == Z_STREAM_END else {
            if status == Z_BUF_ERROR && extra {
                throw .compression("chunk expands past its declared size of \(expectedSize) bytes")
            }
            throw .compression("inflate failed (\(status)\(stream.msg.map { ": " + String(cString: $0) } ?? ""))")
        }
        guard !extra else { throw .compression("chunk does not expand to its declared size of \(expectedSize) bytes") }
        guard stream.avail_in == 0 else { throw .compression("bytes after the end of the compressed chunk") }
        return output
    }
}
