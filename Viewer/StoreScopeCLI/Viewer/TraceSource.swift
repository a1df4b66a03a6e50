import TraceAnalysis
import TraceFormat

/// Where the viewer's records come from. The viewer asks every question of the source's
/// ``TraceSession`` (the one engine); a source only says what it is and brings in new records.
/// A trace file is one source; a live socket session is another (``LiveSessionSource``: the
/// listener writes what it receives to a trace file, read through the same engine).
package protocol TraceSource: AnyObject {
    /// What the status line names: the file or the session.
    var name: String { get }
    /// The engine answering every query.
    var session: TraceSession { get }
    /// Whether no more records can come: the writer closed the trace, or the app's
    /// connection ended.
    var hasEnded: Bool { get }
    /// Brings in what arrived since the last call; returns whether anything did.
    func poll() -> Bool
    /// The actions dropped in its trace, counted once per chunk.
    var droppedActions: DroppedActionCount { get }
}

/// A trace file, finished or still being written.
package final class FileTraceSource: TraceSource {
    package let name: String
    package let session: TraceSession
    package let droppedActions = DroppedActionCount()

    /// Opens the trace at `path`.
    ///
    /// - Throws: ``TraceError`` when it cannot be opened or is not a trace.
    package init(path: String) throws(TraceError) {
        session = try TraceSession(path: path)
        name = path.split(separator: "/").last.map(String.init) ?? path
    }

    package var hasEnded: Bool { session.reader.isComplete }

    package func poll() -> Bool {
        (try? session.refresh()) ?? false
    }
}

/// The actions the recorder dropped in a source's trace, from the chunks the index flags as
/// holding drops. Each such chunk is decoded once and what it says kept: a complete chunk never
/// changes and a growing trace only appends chunks, so a poll that brings records decodes only
/// the new flagged chunks (the totals are refreshed on every such poll).
package final class DroppedActionCount {
    /// What the `dropped` records of the readable chunks say.
    struct Drops: Sendable, Equatable {
        /// How many actions they dropped.
        var count: UInt64 = 0
        /// The highest seq they dropped (0: none).
        var lastSeq: UInt64 = 0

        mutating func add(_ other: Drops) {
            count = count.addingSaturated(other.count)
            lastSeq = max(lastSeq, other.lastSeq)
        }
    }

    /// The drops in each flagged chunk read so far, by the chunk's offset in the file.
    private var byChunk: [Int64: Drops] = [:]
    /// How many chunks were decoded to count drops: what tests count instead of timing.
    private(set) var chunksDecoded = 0

    /// The drops in all of `session`'s readable chunks.
    func drops(in session: TraceSession) -> Drops {
        var total = Drops()
        for chunk in session.reader.chunks where chunk.header.flags.contains(.dropped) {
            if let known = byChunk[chunk.offset] {
                total.add(known)
                continue
            }
            chunksDecoded += 1
            var drops = Drops()
            for case let .dropped(dropped) in (try? session.reader.records(in: chunk)) ?? [] {
                drops.add(Drops(count: dropped.count, lastSeq: dropped.lastSeq))
            }
            byChunk[chunk.offset] = drops
            total.add(drops)
        }
        return total
    }
}
