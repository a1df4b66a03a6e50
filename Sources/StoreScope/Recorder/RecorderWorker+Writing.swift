import Foundation
import TraceFormat

/// The worker's writes to the trace: the live stream's service, forced keyframes, and every
/// write through the writer, which stops the recording (never the app) when the sink fails.
extension RecorderWorker {
    // MARK: - Live stream

    /// Lets the live stream connect and send; when it comes back after losing records, writes
    /// a `dropped` record for what it lost, a keyframe of every store and what each store
    /// allows a listener (see ``LiveOutput``, ``noteControlAllowedStores()``).
    func serviceLiveOutput(closing: Bool) {
        guard let liveOutput, writer != nil, !sinkFailed, liveOutput.service(closing: closing) else { return }
        // The open chunk's records came after the loss began: they are part of it.
        perform { (writer) throws(TraceError) in try writer.flush() }
        let loss = liveOutput.resume()
        if let firstSeq = loss.firstSeq, let lastSeq = loss.lastSeq {
            append(.dropped(DroppedRecords(
                count: loss.actions, firstSeq: firstSeq, lastSeq: lastSeq, monotonicNanos: Clock.monotonicNanos())))
        }
        for source in sources { source.writeKeyframeNow(in: self) }
        if !closing { noteControlAllowedStores() }
        perform { (writer) throws(TraceError) in try writer.flush() }
    }

    func forceKeyframes() {
        for source in sources { source.forceKeyframe() }
    }

    /// Appends the record `append` writes (one call of ``TraceWriter/append(_:)`` or
    /// ``TraceWriter/appendPatch(seq:store:operationCount:operations:)``) through
    /// ``perform(_:)``; returns its encoded size, or `nil` when it was not written.
    func appendRecord(_ append: (TraceWriter) throws(TraceError) -> Void) -> Int? {
        guard let writer, !sinkFailed else { return nil }
        let before = writer.recordBytesAppended
        guard perform(append) else { return nil }
        return Int(writer.recordBytesAppended - before)
    }

    /// Runs a writer operation; on failure records the error once and stops writing.
    @discardableResult
    func perform(_ operation: (TraceWriter) throws(TraceError) -> Void) -> Bool {
        guard let writer, !sinkFailed else { return false }
        do throws(TraceError) {
            try operation(writer)
            if writer.bytesWritten != publishedBytes {
                // A chunk was written, and a chunk is written whole: every action appended so
                // far is in the trace.
                publishedBytes = writer.bytesWritten
                liveOutput?.chunkWritten(actions: actionsInOpenChunk)
                actionsRecorded.add(actionsInOpenChunk, ordering: .relaxed)
                actionsInOpenChunk = 0
                shared.withLock {
                    $0.bytesWritten = writer.bytesWritten
                    $0.truncatedValues = writer.truncatedValuesAppended
                }
            }
            return true
        } catch {
            if case .malformed = error {
                // One record the format cannot hold (e.g. nested too deep): lose it, keep going.
                if unwritableRecords == 0 {
                    configuration.diagnostics("a record was not written (later ones like it are counted at close): \(error)")
                }
                unwritableRecords += 1
                return false
            }
            sinkFailed = true
            let lost = actionsInOpenChunk
            actionsInOpenChunk = 0
            shared.withLock {
                $0.lastError = error.description
                $0.bytesWritten = writer.bytesWritten
                // The open chunk's actions went down with its write.
                $0.actionsDiscarded += lost
            }
            configuration.diagnostics("recording stopped: \(error); the app goes on unrecorded")
            writer.closeQuietly()
            return false
        }
    }
}
