/// Reads, checks, inflates and decodes the chunks of one trace file, on whatever thread holds
/// it: a ``TraceReader`` reads through one, and makes more (``TraceReader/makeLane()``) for
/// passes that decode chunks on several threads at once. A lane has its own inflater and shares
/// only the reader's open file, which it reads at positions. It notes nothing: a read that
/// fails throws, and the reader's thread notes each outcome in file order
/// (``TraceReader/noteRead(of:_:)``), so gaps and corrected headers are found as a read there
/// finds them.
///
/// `@unchecked Sendable`: its inflater is used by one thread at a time (the one the lane was
/// handed to), and the file is only read, with `pread`.
package final class ChunkLane: @unchecked Sendable {
    private let file: TraceFile
    let inflater: Inflater

    init(file: TraceFile) throws(TraceError) {
        self.file = file
        inflater = try Inflater()
    }

    /// Reads `chunk`'s bytes, checks them against `header` (the header as the file has it) and
    /// their checksum, inflates them and runs `decode` on the raw payload and record count.
    func withPayload<R>(
        of chunk: ChunkInfo, header expected: ChunkHeader, _ decode: (UnsafeRawBufferPointer, Int) throws(TraceError) -> R
    ) throws(TraceError) -> R {
        guard Int(chunk.header.storedLength) <= TraceLimits.maximumChunkSize else {
            throw TraceError.malformed("chunk declares \(chunk.header.storedLength) stored bytes, more than \(TraceLimits.maximumChunkSize)")
        }
        let bytes = try file.read(count: ChunkHeader.size + Int(chunk.header.storedLength), at: chunk.offset)
        guard bytes.count == ChunkHeader.size + Int(chunk.header.storedLength) else {
            throw TraceError.malformed("chunk runs past the end of the file")
        }
        return try bytes.withRawBytes { (raw) throws(TraceError) in
            let header = try ChunkHeader.decode(UnsafeRawBufferPointer(rebasing: raw[0..<ChunkHeader.size]))
            guard header == expected else { throw TraceError.malformed("chunk header disagrees with the index") }
            let payload = try ChunkCodec.payload(
                header: header, stored: UnsafeRawBufferPointer(rebasing: raw[ChunkHeader.size...]), inflater: inflater)
            return try payload.withRawBytes { (payloadBytes) throws(TraceError) in
                try decode(payloadBytes, Int(header.recordCount))
            }
        }
    }

    /// The records of `chunk` as ``TraceReader/records(in:)`` decodes them (with
    /// `actionsAsCases`, as ``TraceReader/recordsWithActionCases(in:)`` does; with
    /// `statesAsShapes`, as ``TraceReader/recordsWithStateShapes(in:actionsAsCases:)`` does,
    /// the states' shapes in `shapes`, which is empty otherwise), checked against `header`, the
    /// header as the file has it (``TraceReader/headerInFile(of:)``), with what they say about
    /// the chunk (for ``TraceReader/noteRead(of:_:)``). With `statesAsShapes` and
    /// `actionsAsCounts`, actions are read as ``CountedAction``s where they can be, into
    /// `counted` (empty otherwise).
    package func records(
        in chunk: ChunkInfo, header: ChunkHeader, actionsAsCases: Bool, statesAsShapes: Bool = false, actionsAsCounts: Bool = false
    ) throws(TraceError) -> (records: [Record], shapes: [ShapedValue], counted: CountedActions, summary: ChunkSummary) {
        try withPayload(of: chunk, header: header) { (payload, count) throws(TraceError) in
            if statesAsShapes {
                return try ChunkCodec.decodeRecordsWithStateShapes(
                    payload, count: count, actionsAsCases: actionsAsCases, actionsAsCounts: actionsAsCounts)
            }
            if actionsAsCases {
                let read = try ChunkCodec.decodeRecordsWithActionCases(payload, count: count)
                return (read.records, [], CountedActions(), read.summary)
            }
            let records = try ChunkCodec.decodeRecords(payload, count: count)
            return (records, [], CountedActions(), ChunkSummary(records))
        }
    }
}
