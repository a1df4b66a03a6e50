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
        let chunks = self.chunks
        let reading = ChunkReadAhead(reader: self)
        defer { reading.finish() }
        if !chunks.isEmpty { reading.start(chunks[0]) }
        for index in chunks.indices {
            progress(index, chunks.count)
            let read = reading.wait()
            if index + 1 < chunks.count { reading.start(chunks[index + 1]) }
            switch read {
            case let .success(records):
                for record in records { try body(.record(record)) }
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
/// `@unchecked Sendable`: the reader is touched by one thread at a time. ``start(_:)`` runs a
/// read only after ``wait()`` took the previous one (the semaphore orders the two), and the
/// caller does not use the reader between ``start(_:)`` and ``wait()``.
private final class ChunkReadAhead: @unchecked Sendable {
    private let reader: TraceReader
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<[Record], TraceError>?
    private var isReading = false

    init(reader: TraceReader) {
        self.reader = reader
    }

    /// Starts reading `chunk` on the background queue.
    func start(_ chunk: ChunkInfo) {
        isReading = true
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = Result { () throws(TraceError) in try reader.records(in: chunk) }
            done.signal()
        }
    }

    /// Waits for the read ``start(_:)`` began and takes its records.
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
