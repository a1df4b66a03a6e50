import CZlib

/// A reusable zlib compressor: each call compresses one buffer completely into an independent
/// zlib stream (the stream state is reset, not reallocated, between chunks).
final class Deflater {
    private var stream = z_stream()
    private var output: [UInt8] = []

    /// - Parameter level: zlib level 1 (fastest) to 9 (smallest).
    init(level: Int32) throws(TraceError) {
        let status = storescope_deflateInit2(&stream, level, 15)
        guard status == Z_OK else { throw .compression("deflateInit2 failed (\(status))") }
    }

    deinit { deflateEnd(&stream) }

    /// Compresses `input` into a complete zlib stream.
    func compress(_ input: [UInt8]) throws(TraceError) -> [UInt8] {
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        var status: Int32 = Z_OK
        var produced = 0
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                status = deflate(&stream, Z_FINISH)
                produced = target.count - Int(stream.avail_out)
            }
        }
        stream.next_in = nil
        stream.next_out = nil
        defer { deflateReset(&stream) }
        guard status == Z_STREAM_END else { throw .compression("deflate did not finish (\(status))") }
        return Array(output[0..<produced])
    }
}
