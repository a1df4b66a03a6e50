/// Follows a trace file that another process is still writing: each ``poll()`` returns the
/// records of the chunks completed since the last one.
public final class TraceFollower {
    /// What one poll found.
    public struct Update: Sendable {
        /// New records, in file order.
        public var records: [Record]
        /// Damaged ranges passed over since the last poll.
        public var gaps: [TraceGap]
    }

    /// The session header.
    public let header: SessionHeader
    /// Whether the writer closed the trace (its footer was reached); no more records follow.
    public private(set) var isFinished = false
    /// Offset of the next chunk to read.
    public private(set) var offset: Int64

    private let file: TraceFile
    private let inflater: Inflater

    /// Opens `path`, which must already hold at least the file header.
    ///
    /// - Throws: ``TraceError`` when the file cannot be opened or is not a trace.
    public init(path: String) throws(TraceError) {
        file = try TraceFile.openForReading(path)
        inflater = try Inflater()
        let (header, total) = try FileHeader.read(from: file)
        self.header = header
        offset = Int64(total)
    }

    /// Returns the records of every chunk completed since the last call (possibly none).
    ///
    /// - Throws: ``TraceError`` when the file can no longer be read.
    public func poll() throws(TraceError) -> Update {
        var update = Update(records: [], gaps: [])
        guard !isFinished else { return update }
        let size = try file.size()
        let scanner = ChunkScanner(file: file)
        loop: while offset < size {
            switch try scanner.step(at: offset, size: size) {
            case let .chunk(info, stored):
                offset = info.endOffset
                do throws(TraceError) {
                    let payload = try stored.withRawBytes { (raw) throws(TraceError) in
                        try ChunkCodec.payload(header: info.header, stored: raw, inflater: inflater)
                    }
                    update.records += try payload.withRawBytes { (raw) throws(TraceError) in
                        try ChunkCodec.decodeRecords(raw, count: Int(info.header.recordCount))
                    }
                } catch {
                    update.gaps.append(TraceGap(start: info.offset, end: info.endOffset, reason: error.description))
                }
            case let .gap(gap):
                update.gaps.append(gap)
                offset = gap.end
            case .footer:
                isFinished = true
                break loop
            case .incomplete:
                break loop
            }
        }
        return update
    }
}
