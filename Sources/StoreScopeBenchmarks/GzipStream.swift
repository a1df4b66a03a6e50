import CZlib

/// One continuous gzip stream (zlib level 6 by default): the NDJSON+gzip baseline that a
/// trace's size and speed are compared with.
final class GzipStream {
    private var stream = z_stream()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private(set) var compressedBytes = 0

    init(level: Int32 = 6) {
        // windowBits 15 + 16 selects the gzip wrapper.
        _ = storescope_deflateInit2(&stream, level, 15 + 16)
    }

    deinit { deflateEnd(&stream) }

    /// Compresses `bytes` into the stream (the output is counted, not kept).
    func write(_ bytes: [UInt8], finish: Bool = false) {
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                let status = buffer.withUnsafeMutableBufferPointer { output -> Int32 in
                    stream.next_out = output.baseAddress
                    stream.avail_out = uInt(output.count)
                    let status = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    compressedBytes += output.count - Int(stream.avail_out)
                    return status
                }
                if status == Z_STREAM_END || status < 0 { break }
            } while stream.avail_out == 0 || (finish && stream.avail_in > 0)
        }
        if finish {
            // Drain whatever remains after the last input.
            while true {
                let status = buffer.withUnsafeMutableBufferPointer { output -> Int32 in
                    stream.next_out = output.baseAddress
                    stream.avail_out = uInt(output.count)
                    let status = deflate(&stream, Z_FINISH)
                    compressedBytes += output.count - Int(stream.avail_out)
                    return status
                }
                if status != Z_OK { break }
            }
        }
        stream.next_in = nil
        stream.next_out = nil
    }
}
