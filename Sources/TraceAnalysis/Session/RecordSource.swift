/// One thing read from a session: a record, or the place where a damaged part was skipped
/// (records are missing there, so a state rebuilt across it is unknown until a keyframe).
public enum SourceItem: Sendable {
    /// A readable record.
    case record(Record)
    /// Records are missing here (a damaged chunk was skipped).
    case gap
}

/// A recorded session read front to back: what the whole-session commands (`effects`,
/// `stats`, `export`, `compare`) need, and nothing more.
///
/// ``TraceReader`` is one (it reads a file chunk by chunk, skipping damaged chunks). The
/// analyses take any source, so a session engine with caching or random access can stand in
/// for the reader without changing them.
public protocol RecordSource: AnyObject {
    /// The session's header.
    var header: SessionHeader { get }

    /// The readable records in order, with a ``SourceItem/gap`` where a damaged part was
    /// skipped, pulled one at a time (so two sessions can be walked in step).
    ///
    /// - Parameter progress: called with (units read, total units) as reading advances, for
    ///   a progress display; the unit is the source's own (chunks for a file).
    func items(progress: @escaping (_ done: Int, _ total: Int) -> Void) -> AnyIterator<SourceItem>

    /// The same items as ``items(progress:)``, each passed to `body` in order: for a pass
    /// over the whole session, which a source can make faster than pulling items one at a
    /// time (``TraceReader`` decodes the next chunk on another thread meanwhile).
    func forEachItem(progress: @escaping (_ done: Int, _ total: Int) -> Void, _ body: (SourceItem) throws -> Void) rethrows

    /// What could not be read, one sentence per damaged part (empty when the source was read
    /// whole). Complete once ``items(progress:)`` has been read to the end.
    var missingParts: [String] { get }
}

extension RecordSource {
    /// The items without progress.
    public func items() -> AnyIterator<SourceItem> {
        items(progress: { _, _ in })
    }

    /// Pulls the items one at a time from ``items(progress:)``.
    public func forEachItem(progress: @escaping (_ done: Int, _ total: Int) -> Void, _ body: (SourceItem) throws -> Void) rethrows {
        let items = items(progress: progress)
        while let item = items.next() { try body(item) }
    }
}

extension TraceReader: RecordSource {
    /// Reads chunk by chunk as the iterator advances; `progress` counts chunks. A damaged
    /// chunk is skipped (and added to ``gaps``) and yields one ``SourceItem/gap``.
    public func items(progress: @escaping (_ done: Int, _ total: Int) -> Void) -> AnyIterator<SourceItem> {
        let chunks = self.chunks
        var chunkIndex = 0
        var buffer: [Record] = []
        var position = 0
        return AnyIterator { [self] in
            while position == buffer.count {
                progress(chunkIndex, chunks.count)
                guard chunkIndex < chunks.count else { return nil }
                let chunk = chunks[chunkIndex]
                chunkIndex += 1
                position = 0
                do {
                    buffer = try records(in: chunk)
                } catch {
                    buffer = []
                    return .gap
                }
            }
            defer { position += 1 }
            return .record(buffer[position])
        }
    }

    /// Damaged byte ranges and a torn tail, in words: `bytes 120..<4216 (4096 bytes) could not
    /// be read (chunk checksum mismatch); the records in them are missing`.
    public var missingParts: [String] {
        var parts = gaps.map { "\(TraceGap.bytes(from: $0.start, to: $0.end)) (\($0.end - $0.start) bytes) could not be read (\($0.reason)); the records in them are missing" }
        if let torn = tornTail {
            parts.append("\(TraceGap.bytes(from: torn.start, to: torn.end)) (the last \(torn.end - torn.start) bytes) are an incomplete last chunk (the session was cut off); its records are missing")
        }
        parts += headerMismatches.map { "\($0): the records were read as they are" }
        return parts
    }
}
