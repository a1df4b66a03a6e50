/// A recorded session read front to back: what the whole-session commands (`effects`,
/// `stats`, `export`, `compare`) need, and nothing more.
///
/// ``TraceReader`` is one (it reads a file chunk by chunk, skipping damaged chunks). The
/// analyses take any source, so a session engine with caching or random access can stand in
/// for the reader without changing them.
public protocol RecordSource: AnyObject {
    /// The session's header.
    var header: SessionHeader { get }

    /// Calls `body` with every readable record in order.
    ///
    /// - Parameters:
    ///   - progress: called with (units read, total units) as reading advances, for a
    ///     progress display; the unit is the source's own (chunks for a file).
    ///   - body: called per record; return `false` to stop early.
    func forEachRecord(progress: (_ done: Int, _ total: Int) -> Void, _ body: (Record) throws -> Bool) rethrows

    /// The readable records in order, pulled one at a time (to walk two sessions in step).
    func recordIterator() -> AnyIterator<Record>

    /// What could not be read, one sentence per damaged part (empty when the source was read
    /// whole). Complete once ``forEachRecord(progress:_:)`` has run to the end.
    var missingParts: [String] { get }
}

extension RecordSource {
    /// Every readable record in order, without progress.
    public func forEachRecord(_ body: (Record) throws -> Bool) rethrows {
        try forEachRecord(progress: { _, _ in }, body)
    }
}

extension TraceReader: RecordSource {
    /// Reads chunk by chunk; `progress` counts chunks. Damaged chunks are skipped and added to
    /// ``gaps``.
    public func forEachRecord(progress: (_ done: Int, _ total: Int) -> Void, _ body: (Record) throws -> Bool) rethrows {
        let chunks = self.chunks
        for (index, chunk) in chunks.enumerated() {
            progress(index, chunks.count)
            guard let records = try? records(in: chunk) else { continue }
            for record in records {
                if try !body(record) { return }
            }
        }
        progress(chunks.count, chunks.count)
    }

    /// Reads chunk by chunk as the iterator advances; damaged chunks are skipped.
    public func recordIterator() -> AnyIterator<Record> {
        var chunkIndex = 0
        var buffer: [Record] = []
        var position = 0
        return AnyIterator { [self] in
            while position == buffer.count {
                guard chunkIndex < chunks.count else { return nil }
                buffer = (try? records(in: chunks[chunkIndex])) ?? []
                chunkIndex += 1
                position = 0
            }
            defer { position += 1 }
            return buffer[position]
        }
    }

    /// Damaged byte ranges and a torn tail, in words: `bytes 120..<4216 (4096 bytes) could not
    /// be read: checksum mismatch; the records in them are missing`.
    public var missingParts: [String] {
        var parts = gaps.map { "bytes \($0.start)..<\($0.end) (\($0.end - $0.start) bytes) could not be read (\($0.reason)); the records in them are missing" }
        if let torn = tornTail {
            parts.append("the last \(torn.end - torn.start) bytes are an incomplete chunk (the session was cut off); its records are missing")
        }
        return parts
    }
}
