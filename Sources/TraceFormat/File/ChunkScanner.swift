/// Walks a trace file chunk by chunk from an offset, checking each frame and its CRC, and
/// resynchronising on the next chunk signature after damage. Used to rebuild a missing index
/// and to follow a file that is still being written.
struct ChunkScanner {
    /// What the scan found at one position.
    enum Step {
        /// A complete, checksummed chunk and its stored bytes.
        case chunk(ChunkInfo, stored: [UInt8])
        /// Damaged bytes, followed by a readable chunk at `end`.
        case gap(TraceGap)
        /// The clean-close footer (index chunk and trailer) starts here: nothing follows.
        case footer
        /// The bytes from here on do not form a complete chunk yet: a torn tail, or a chunk
        /// still being written.
        case incomplete(bytes: Int64)
    }

    let file: TraceFile

    /// Examines the bytes at `offset`, given the file is `size` bytes long.
    func step(at offset: Int64, size: Int64) throws(TraceError) -> Step {
        let available = size - offset
        if available <= 0 { return .incomplete(bytes: 0) }
        if available < Int64(ChunkHeader.size) {
            if available == Int64(FooterIndex.trailerSize), FooterIndex.decodeTrailer(try file.read(count: FooterIndex.trailerSize, at: offset)) != nil {
                return .footer
            }
            return .incomplete(bytes: available)
        }
        let headerBytes = try file.read(count: ChunkHeader.size, at: offset)
        let header: ChunkHeader
        do throws(TraceError) {
            header = try headerBytes.withRawBytes { (raw) throws(TraceError) in try ChunkHeader.decode(raw) }
        } catch {
            return try resync(after: offset, size: size, reason: "\(error.description.replacingPrefix("malformed trace data: "))")
        }
        let end = offset + Int64(ChunkHeader.size) + Int64(header.storedLength)
        guard Int(header.storedLength) <= TraceLimits.maximumChunkSize else {
            return try resync(after: offset, size: size, reason: "chunk declares \(header.storedLength) stored bytes")
        }
        if end > size { return .incomplete(bytes: available) }
        let stored = try file.read(count: Int(header.storedLength), at: offset + Int64(ChunkHeader.size))
        guard stored.withUnsafeBytes({ CRC32.checksum($0) }) == header.payloadCRC else {
            return .gap(TraceGap(start: offset, end: end, reason: "chunk checksum mismatch"))
        }
        if header.kind == .index { return .footer }
        return .chunk(ChunkInfo(offset: offset, header: header), stored: stored)
    }

    /// Finds the next position after `offset` where a valid chunk header starts.
    private func resync(after offset: Int64, size: Int64, reason: String) throws(TraceError) -> Step {
        let window = 64 * 1024
        var position = offset + 1
        while position + Int64(ChunkHeader.size) <= size {
            let bytes = try file.read(count: min(window + ChunkHeader.size, Int(size - position)), at: position)
            let found: Int? = bytes.withUnsafeBytes { raw in
                var i = 0
                while i + ChunkHeader.size <= raw.count {
                    let rest = UnsafeRawBufferPointer(rebasing: raw[i...])
                    guard let candidate = Syscalls.firstIndex(of: ChunkHeader.magic[0], in: rest) else { return nil }
                    i += candidate
                    guard i + ChunkHeader.size <= raw.count else { return nil }
                    let chunk = UnsafeRawBufferPointer(rebasing: raw[i...])
                    if ChunkHeader.hasMagic(chunk), (try? ChunkHeader.decode(chunk)) != nil { return i }
                    i += 1
                }
                return nil
            }
            if let found {
                let start = position + Int64(found)
                return .gap(TraceGap(start: offset, end: start, reason: reason))
            }
            position += Int64(window)
        }
        // Nothing readable follows. A trailer may close the file after a damaged index.
        return .gap(TraceGap(start: offset, end: size, reason: reason))
    }
}

extension String {
    func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
