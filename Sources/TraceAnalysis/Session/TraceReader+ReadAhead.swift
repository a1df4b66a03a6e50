import Dispatch
import TraceFormat

extension TraceReader {
    /// The items of ``items(progress:)``, in the same order, with the next chunk read and
    /// decoded on another thread while `body` takes in the records of this one: a pass over
    /// the whole session (`stats`, `effects`, `export`) then costs about the larger of the two
    /// instead of their sum. One chunk is read ahead, so memory holds at most two decoded
    /// chunks. `progress` is called on the caller's thread, once per chunk, as
    /// ``items(progress:)`` calls it.
    ///
    /// The reader is used only by the reading thread until this returns (the caller's thread
    /// waits for the last read, also when `body` throws).
    public func forEachItem(progress: @escaping (_ done: Int, _ total: Int) -> Void, _ body: (SourceItem) throws -> Void) rethrows {
        try forEachItem(actionsAsCases: false, progress: progress, body)
    }

    /// The items as ``forEachItem(progress:_:)`` passes them; with `actionsAsCases`, each
    /// action's value is built only as far as its case (``recordsWithActionCases(in:)``):
    /// what counting actions by case needs, for a fraction of the decoding.
    package func forEachItem(
        actionsAsCases: Bool, progress: @escaping (_ done: Int, _ total: Int) -> Void, _ body: (SourceItem) throws -> Void
    ) rethrows {
        let chunks = self.chunks
        let reading = ChunkReadAhead(reader: self, actionsAsCases: actionsAsCases)
        defer { reading.finish() }
        // The records of the chunk before, freed on the reading thread after its next read:
        // freeing value trees costs about a tenth of taking them in, and that thread has time.
        var taken: [Record] = []
        if !chunks.isEmpty { reading.start(chunks[0], freeing: []) }
        for index in chunks.indices {
            progress(index, chunks.count)
            let read = reading.wait()
            if index + 1 < chunks.count { reading.start(chunks[index + 1], freeing: taken) }
            taken = []
            switch read {
            case let .success(records):
                for record in records { try body(.record(record)) }
                taken = records
            case .failure:
                try body(.gap)
            }
        }
        progress(chunks.count, chunks.count)
    }
}

/// One chunk read and decoded on a background queue at a time, handed to the thread that
/// started it by ``wait()``.
///
/// `@unchecked Sendable`: the reader is touched by one thread at a time. ``start(_:freeing:)``
/// runs a read only after ``wait()`` took the previous one (the semaphore orders the two), and
/// the caller does not use the reader between ``start(_:freeing:)`` and ``wait()``.
private final class ChunkReadAhead: @unchecked Sendable {
    private let reader: TraceReader
    private let actionsAsCases: Bool
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<[Record], TraceError>?
    private var isReading = false

    init(reader: TraceReader, actionsAsCases: Bool) {
        self.reader = reader
        self.actionsAsCases = actionsAsCases
    }

    /// Starts reading `chunk` on the background queue, then frees `records` there.
    func start(_ chunk: ChunkInfo, freeing records: [Record]) {
        isReading = true
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = Result { () throws(TraceError) in
                try actionsAsCases ? reader.recordsWithActionCases(in: chunk) : reader.records(in: chunk)
            }
            done.signal()
            withExtendedLifetime(records) {}
        }
    }

    /// Waits for the read ``start(_:freeing:)`` began and takes its records.
    func wait() -> Result<[Record], TraceError> {
        done.wait()
        isReading = false
        defer { result = nil }
        return result!
    }

    /// Waits for a read still under way (`body` threw), so the reader is free again.
    func finish() {
        if isReading { _ = wait() }
    }
}
