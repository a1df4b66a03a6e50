/// The stores of a trace in the order they registered, read from the keyframes of its first
/// chunks that hold keyframes: a store registers with a keyframe of its initial state, usually
/// at the start, and the later keyframe chunks hold periodic keyframes of the same stores. The
/// keyframes' states are checked, never built (``TraceReader/recordsForActions(in:leavingOutKeyframesOver:)``),
/// so a large state costs its parsing alone. A growing trace is read on where the last
/// ``read(_:)`` stopped.
package struct RegisteredStores: Sendable, Hashable {
    /// The stores' names, in the order of their first keyframes.
    package private(set) var names: [String] = []
    /// The next chunk to look at.
    private var nextChunk = 0
    /// How many chunks holding keyframes were read (a damaged one counts: it was tried).
    private var keyframeChunksRead = 0
    /// How many chunks holding keyframes ``read(_:)`` reads in all.
    package static let keyframeChunks = 8

    /// No store read yet.
    package init() {}

    /// The stores of the trace `reader` reads, from its first ``keyframeChunks`` chunks that
    /// hold keyframes.
    package init(_ reader: TraceReader) {
        read(reader)
    }

    /// Reads the chunks `reader` has beyond those read before, until ``keyframeChunks`` chunks
    /// holding keyframes were read.
    package mutating func read(_ reader: TraceReader) {
        read(reader.chunks) { Self.keyframeStores(of: reader.chunks[$0], in: reader) }
    }

    /// Reads `chunks` beyond those read before, as ``read(_:)`` does, with a reader of their
    /// own: `storesOfChunk` gives the stores whose keyframes chunk `index` holds, in order
    /// (none when it cannot be read), or `nil` to stop there and come back to it later (a
    /// reader that leaves large chunks to another thread).
    package mutating func read(_ chunks: [ChunkInfo], storesOfChunk: (_ index: Int) -> [String]?) {
        while nextChunk < chunks.count, keyframeChunksRead < Self.keyframeChunks {
            guard chunks[nextChunk].hasKeyframe else {
                nextChunk += 1
                continue
            }
            guard let stores = storesOfChunk(nextChunk) else { return }
            for store in stores where !names.contains(store) { names.append(store) }
            keyframeChunksRead += 1
            nextChunk += 1
        }
    }

    /// Whether any chunk of the trace holds a keyframe of `store`, reading past the first
    /// keyframe chunks too (up to the first that does): for a store that registered late.
    package static func trace(_ reader: TraceReader, hasKeyframeOf store: String) -> Bool {
        reader.chunks.contains { $0.hasKeyframe && keyframeStores(of: $0, in: reader).contains(store) }
    }

    /// The stores whose keyframes `chunk` holds, in order (none when it cannot be read).
    private static func keyframeStores(of chunk: ChunkInfo, in reader: TraceReader) -> [String] {
        // Every state has at least one value node: a limit of 0 leaves every keyframe out.
        (try? reader.recordsForActions(in: chunk, leavingOutKeyframesOver: 0))?.leftOut.map(\.store) ?? []
    }
}
