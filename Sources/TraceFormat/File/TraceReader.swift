/// Reads a trace file chunk by chunk without loading it whole.
///
/// Opening reads the header and the footer index; when the index is missing (the writer
/// crashed or is still writing) or damaged, it is rebuilt by scanning the chunk frames, which
/// also finds damaged ranges (``gaps``) and a torn tail (``tornTail``). A chunk whose bytes fail
/// their checksum or do not decode is reported as a gap when it is read; every other chunk
/// still reads.
public final class TraceReader {
    /// How the chunk index was obtained.
    public enum IndexSource: Sendable, Hashable {
        /// From the footer written at clean close.
        case footer
        /// Rebuilt by scanning, with the reason the footer could not be used.
        case rebuilt(String)
    }

    /// The file.
    public let path: String
    /// The session header.
    public let header: SessionHeader
    /// Size of the file header in bytes (where the first chunk starts).
    public let headerSize: Int64
    /// The format version the file was written in (`1.0`, `1.1`, ...).
    public let formatVersion: String
    /// The file size when it was opened (or last refreshed, see ``refresh()``).
    public private(set) var fileSize: Int64
    /// The readable chunks in file order.
    public private(set) var chunks: [ChunkInfo]
    /// How ``chunks`` was obtained.
    public let indexSource: IndexSource
    /// Damaged byte ranges found so far (by the scan at open, and by reading chunks).
    public private(set) var gaps: [TraceGap]
    /// Bytes at the end that do not form a complete chunk (`nil` when the file ends cleanly).
    public private(set) var tornTail: TraceGap?
    /// Whether the file ends with its footer (the writer closed it): no more chunks can follow.
    public private(set) var isComplete: Bool
    /// Chunks whose header (and index entry) misstate their records, found so far by decoding
    /// chunks whole (``records(in:)``), in the order found. Their entries in ``chunks`` hold
    /// what the records say instead (docs/FORMAT.md §4, "Verifying a header").
    public private(set) var headerMismatches: [ChunkHeaderMismatch] = []
    /// The headers as the file has them, of the chunks whose entry in ``chunks`` was corrected,
    /// by offset: what a read checks the bytes against.
    private var headersInFile: [Int64: ChunkHeader] = [:]

    private let file: TraceFile
    /// Reads the chunks for this reader's own thread.
    private let lane: ChunkLane

    /// Opens `path` and loads or rebuilds its index.
    ///
    /// - Throws: ``TraceError`` when the file cannot be opened, is not a trace, or comes from
    ///   an incompatible format version.
    public init(path: String) throws(TraceError) {
        self.path = path
        file = try TraceFile.openForReading(path)
        lane = try ChunkLane(file: file)
        fileSize = try file.size()
        let (header, total) = try FileHeader.read(from: file)
        self.header = header
        headerSize = Int64(total)
        let version = try file.read(count: 4, at: 8)
        formatVersion = "\(UInt16(version[0]) | UInt16(version[1]) << 8).\(UInt16(version[2]) | UInt16(version[3]) << 8)"

        switch Self.loadFooter(file: file, headerSize: headerSize, fileSize: fileSize, inflater: lane.inflater) {
        case let .success(entries):
            chunks = entries
            indexSource = .footer
            gaps = []
            tornTail = nil
            isComplete = true
        case let .failure(reason):
            let scan = try Self.scan(file: file, from: headerSize, size: fileSize)
            chunks = scan.chunks
            gaps = scan.gaps
            tornTail = scan.tornTail
            isComplete = scan.reachedFooter
            indexSource = .rebuilt(reason.description)
        }
    }

    /// Indexes the chunks another process appended since the file was opened or last
    /// refreshed (a trace that is still being written). An incomplete last chunk is not a
    /// ``tornTail`` for good: the next refresh reads it once it is complete.
    ///
    /// - Returns: how many chunks were added (0 once the file ends with its footer).
    /// - Throws: ``TraceError`` when the file can no longer be read.
    @discardableResult
    public func refresh() throws(TraceError) -> Int {
        guard !isComplete else { return 0 }
        let size = try file.size()
        let start = tornTail?.start ?? max(chunks.last?.endOffset ?? headerSize, gaps.last?.end ?? headerSize)
        guard size > start else { return 0 }
        let scan = try Self.scan(file: file, from: start, size: size)
        fileSize = size
        chunks += scan.chunks
        gaps += scan.gaps
        tornTail = scan.tornTail
        isComplete = scan.reachedFooter
        return scan.chunks.count
    }

    /// Total records in the readable chunks.
    public var recordCount: Int { chunks.reduce(0) { $0 + Int($1.header.recordCount) } }

    /// Reads and decodes one chunk.
    ///
    /// - Throws: ``TraceError`` when its bytes are damaged; the chunk is then also added to
    ///   ``gaps`` (once).
    public func records(in chunk: ChunkInfo) throws(TraceError) -> [Record] {
        let records = try withPayload(of: chunk) { (payload, count) throws(TraceError) in
            try ChunkCodec.decodeRecords(payload, count: count)
        }
        verifyHeader(of: chunk, against: ChunkSummary(records))
        return records
    }

    /// Reads one chunk as ``records(in:)`` does, but builds each action's value only as far
    /// as its case: an enum case without its payload, a struct without its fields (through
    /// optionals), the rest checked as fully, so the chunk is refused exactly when
    /// ``records(in:)`` refuses it. What a reader that counts actions by case (`stats`) needs,
    /// at a fraction of the cost when actions carry payloads. The header is verified as
    /// ``records(in:)`` verifies it.
    package func recordsWithActionCases(in chunk: ChunkInfo) throws(TraceError) -> [Record] {
        let read = try withPayload(of: chunk) { (payload, count) throws(TraceError) in
            try ChunkCodec.decodeRecordsWithActionCases(payload, count: count)
        }
        verifyHeader(of: chunk, against: read.summary)
        return read.records
    }

    /// Reads one chunk as ``records(in:)`` does (as ``recordsWithActionCases(in:)`` does with
    /// `actionsAsCases`), but decodes each patch operation's value and each keyframe's state
    /// straight into its shape (``ShapedValue``), never building the value: the shapes in
    /// record order, a placeholder in their place in the records. What following store sizes
    /// (`stats`) needs of the states, checked as fully: the chunk is refused exactly when
    /// ``records(in:)`` refuses it, and the header is verified as it verifies it. With
    /// `actionsAsCounts`, the actions whose value is an enum case or a struct are read as
    /// ``CountedAction``s into `counted`, no record built for them (what `stats` counts by case).
    package func recordsWithStateShapes(
        in chunk: ChunkInfo, actionsAsCases: Bool, actionsAsCounts: Bool = false
    ) throws(TraceError) -> (records: [Record], shapes: [ShapedValue], counted: CountedActions) {
        let read = try withPayload(of: chunk) { (payload, count) throws(TraceError) in
            try ChunkCodec.decodeRecordsWithStateShapes(payload, count: count, actionsAsCases: actionsAsCases, actionsAsCounts: actionsAsCounts)
        }
        verifyHeader(of: chunk, against: read.summary)
        return (read.records, read.shapes, read.counted)
    }

    /// Reads one chunk as ``records(in:)`` does, but leaves out the keyframes whose state has
    /// more than `limit` value nodes: they are checked as fully and never built (a reader of
    /// actions, such as a timeline, has no use for a state of millions of nodes, whose
    /// building is most of the chunk's cost). The header is verified as ``records(in:)``
    /// verifies it.
    ///
    /// - Returns: the other records in file order, what each left-out keyframe was and
    ///   where it stood among them, and what all the records say (for another reader of the
    ///   same file to verify the header with: ``verifyHeader(of:against:)``).
    package func recordsForActions(
        in chunk: ChunkInfo, leavingOutKeyframesOver limit: Int
    ) throws(TraceError) -> (records: [Record], leftOut: [LeftOutKeyframe], summary: ChunkSummary) {
        let read = try withPayload(of: chunk) { (payload, count) throws(TraceError) in
            try ChunkCodec.decodeRecords(payload, count: count, leavingOutKeyframesOver: limit)
        }
        verifyHeader(of: chunk, against: read.summary)
        return (read.records, read.leftOut, read.summary)
    }

    /// The index in ``chunks`` of the chunk whose header starts at file offset `offset`.
    package func index(ofChunkAt offset: Int64) -> Int? {
        var low = 0, high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if chunks[mid].offset < offset { low = mid + 1 } else { high = mid }
        }
        return low < chunks.count && chunks[low].offset == offset ? low : nil
    }

    /// Whether a read of `chunk` failed: its bytes are in ``gaps``.
    package func isKnownDamaged(_ chunk: ChunkInfo) -> Bool {
        gaps.contains { $0.start == chunk.offset && $0.end == chunk.endOffset }
    }

    /// Compares what `chunk`'s header claims with `summary`, what its decoded records say;
    /// when they disagree, notes the mismatch and corrects the chunk's entry in ``chunks`` to
    /// what the records say, so that whoever plans reads from the index from now on plans
    /// from the truth. Another reader of the same file that decoded the chunk (off this
    /// reader's thread) hands its `summary` here, so that a header found lying there is
    /// corrected here too.
    package func verifyHeader(of chunk: ChunkInfo, against summary: ChunkSummary) {
        let problems = summary.disagreements(with: chunk.header)
        guard !problems.isEmpty, headersInFile[chunk.offset] == nil, let index = index(ofChunkAt: chunk.offset) else { return }
        headersInFile[chunk.offset] = chunk.header
        chunks[index].header = summary.applied(to: chunk.header)
        headerMismatches.append(ChunkHeaderMismatch(offset: chunk.offset, endOffset: chunk.endOffset, problems: problems))
    }

    /// Reads one chunk and decodes only the records `selection` keeps, each with its index
    /// among all the chunk's records (what ``records(in:)`` would return at that index).
    /// The other records are checked as fully but never built, so a chunk is refused exactly
    /// when ``records(in:)`` refuses it, at a fraction of the cost when few records are kept;
    /// the header is verified as ``records(in:)`` verifies it (what the records say is noted
    /// as each is parsed, built or not).
    ///
    /// - Parameters:
    ///   - chunk: the chunk, from ``chunks``.
    ///   - selection: which records to build.
    /// - Returns: the kept records in file order, with their indices.
    /// - Throws: ``TraceError`` when its bytes are damaged; the chunk is then also added to
    ///   ``gaps`` (once).
    package func records(in chunk: ChunkInfo, keeping selection: RecordSelection) throws(TraceError) -> [(index: Int, record: Record)] {
        let read = try withPayload(of: chunk) { (payload, count) throws(TraceError) in
            try ChunkCodec.decodeRecordsSummarized(payload, count: count, keeping: selection)
        }
        verifyHeader(of: chunk, against: read.summary)
        return read.records
    }

    /// Reads, checks and inflates one chunk and runs `decode` on its raw payload and record
    /// count; any error adds the chunk to ``gaps``.
    private func withPayload<R>(
        of chunk: ChunkInfo, _ decode: (UnsafeRawBufferPointer, Int) throws(TraceError) -> R
    ) throws(TraceError) -> R {
        do throws(TraceError) {
            return try lane.withPayload(of: chunk, header: headerInFile(of: chunk), decode)
        } catch {
            noteGap(at: chunk, error)
            throw error
        }
    }

    /// A lane of its own for reading this file's chunks on another thread: for a pass that
    /// decodes several chunks at once (one lane per thread). What each read found is then
    /// noted here, in file order, with ``noteRead(of:_:)``; the reader itself may not read
    /// while a lane is out.
    ///
    /// - Throws: ``TraceError`` when no inflater can be made.
    package func makeLane() throws(TraceError) -> ChunkLane {
        try ChunkLane(file: file)
    }

    /// The header a read of `chunk` checks its bytes against: the file's own, also when its
    /// entry in ``chunks`` was corrected (``verifyHeader(of:against:)``).
    package func headerInFile(of chunk: ChunkInfo) -> ChunkHeader {
        headersInFile[chunk.offset] ?? chunk.header
    }

    /// Notes what a lane's read of `chunk` (``makeLane()``) found, as a read by this reader
    /// notes it: a failure adds the chunk to ``gaps``, records verify its header.
    package func noteRead(of chunk: ChunkInfo, _ outcome: Result<ChunkSummary, TraceError>) {
        switch outcome {
        case let .success(summary): verifyHeader(of: chunk, against: summary)
        case let .failure(error): noteGap(at: chunk, error)
        }
    }

    /// Adds `chunk` to ``gaps`` (once), for `error`.
    private func noteGap(at chunk: ChunkInfo, _ error: TraceError) {
        let gap = TraceGap(start: chunk.offset, end: chunk.endOffset, reason: error.description.replacingPrefix("malformed trace data: "))
        if !gaps.contains(gap) {
            gaps.append(gap)
            gaps.sort { $0.start < $1.start }
        }
    }

    /// Calls `body` with every readable record in file order, skipping damaged chunks (they
    /// are added to ``gaps``).
    ///
    /// - Parameter body: called per record; return `false` to stop early.
    public func forEachRecord(_ body: (Record) throws -> Bool) rethrows {
        for chunk in chunks {
            guard let records = try? records(in: chunk) else { continue }
            for record in records {
                if try !body(record) { return }
            }
        }
    }

    /// Every readable record in file order (convenient for small traces and tests).
    public func allRecords() -> [Record] {
        var result: [Record] = []
        forEachRecord { result.append($0); return true }
        return result
    }

    // MARK: - Index

    private static func loadFooter(file: TraceFile, headerSize: Int64, fileSize: Int64, inflater: Inflater) -> Result<[ChunkInfo], FooterProblem> {
        let trailerSize = Int64(FooterIndex.trailerSize)
        guard fileSize >= headerSize + Int64(ChunkHeader.size) + trailerSize,
            let trailer = try? file.read(count: FooterIndex.trailerSize, at: fileSize - trailerSize),
            let indexOffset = FooterIndex.decodeTrailer(trailer)
        else { return .failure(FooterProblem("no footer index (the session was not closed cleanly)")) }
        guard indexOffset >= headerSize, indexOffset + Int64(ChunkHeader.size) <= fileSize - trailerSize,
            fileSize - trailerSize - indexOffset <= Int64(ChunkHeader.size + TraceLimits.maximumChunkSize),
            let frame = try? file.read(count: Int(fileSize - trailerSize - indexOffset), at: indexOffset)
        else { return .failure(FooterProblem("the footer points outside the file")) }
        let decoded: [ChunkInfo]? = frame.withUnsafeBytes { raw in
            guard let header = try? ChunkHeader.decode(raw), header.kind == .index,
                Int(header.storedLength) == raw.count - ChunkHeader.size,
                let payload = try? ChunkCodec.payload(header: header, stored: UnsafeRawBufferPointer(rebasing: raw[ChunkHeader.size...]), inflater: inflater)
            else { return nil }
            return payload.withUnsafeBytes { try? FooterIndex.decodeEntries($0) }
        }
        guard let entries = decoded else { return .failure(FooterProblem("the footer index is damaged")) }
        var expected = headerSize
        for entry in entries {
            guard entry.offset == expected, entry.endOffset <= indexOffset else {
                return .failure(FooterProblem("the footer index does not match the chunks"))
            }
            expected = entry.endOffset
        }
        guard expected == indexOffset else { return .failure(FooterProblem("the footer index does not match the chunks")) }
        return .success(entries)
    }

    private struct FooterProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    struct Scan {
        var chunks: [ChunkInfo] = []
        var gaps: [TraceGap] = []
        var tornTail: TraceGap?
        var reachedFooter = false
    }

    static func scan(file: TraceFile, from start: Int64, size: Int64) throws(TraceError) -> Scan {
        var scan = Scan()
        let scanner = ChunkScanner(file: file)
        var offset = start
        loop: while offset < size {
            switch try scanner.step(at: offset, size: size) {
            case let .chunk(info, _):
                scan.chunks.append(info)
                offset = info.endOffset
            case let .gap(gap):
                scan.gaps.append(gap)
                offset = gap.end
            case .footer:
                scan.reachedFooter = true
                break loop
            case let .incomplete(bytes):
                if bytes > 0 {
                    scan.tornTail = TraceGap(start: offset, end: offset + bytes, reason: "incomplete chunk at the end (torn tail)")
                }
                break loop
            }
        }
        return scan
    }
}

extension TraceReader.IndexSource: CustomStringConvertible {
    /// `footer` or `rebuilt (reason)`.
    public var description: String {
        switch self {
        case .footer: "footer"
        case let .rebuilt(reason): "rebuilt by scanning (\(reason))"
        }
    }
}

extension TraceReader {
    /// The session header of the trace at `path`, read without its index or chunks: what a
    /// viewer names a trace by before its reader opens it.
    ///
    /// - Returns: the header and its size in bytes (where the first chunk starts).
    /// - Throws: ``TraceError`` when the file cannot be opened, is not a trace, or comes from
    ///   an incompatible format version.
    package static func header(path: String) throws(TraceError) -> (header: SessionHeader, size: Int) {
        // The file is closed when it is let go.
        try FileHeader.read(from: try TraceFile.openForReading(path))
    }
}
