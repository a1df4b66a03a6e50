import Dispatch
import Synchronization
import TraceAnalysis
import TraceFormat

/// Reads the detail of a large state, or of a state far from its keyframe, off the viewer's
/// thread, so no key waits for it: decoding a keyframe of a million entries and comparing it
/// with the state before takes 0.3-0.7 s, which no part of the loop's thread may take (the
/// viewer's goal is 50 ms per key). The loop takes each finished read
/// (``ViewerReducer/takeReadDetail()``) and reduces it as ``ViewerAction/detailRead(_:)``.
///
/// The reader asks its own ``TraceSession`` on the same file, used only on its own queue (a
/// session is used by one thread at a time): the viewer's session is never touched off its
/// thread. Its session keeps its states as any session does, so the next action's detail
/// starts from the state after this one. The newest request wins: one asked while another is
/// read replaces any that waits, and the loop drops a read whose action is no longer selected.
package final class DetailReader: Sendable {
    /// What to read: the action `entry` of the session `opening` (``TraceSession/opening``) of
    /// the viewer's source, whose file is at `path`.
    package struct Request: Sendable, Hashable {
        var path: String
        var opening: UInt64
        var entry: ActionEntry
    }

    /// A finished read: the detail, and what the viewer's own session learns from it.
    package struct Read: Sendable, Equatable {
        var request: Request
        var detail: ViewerState.Detail
        /// Whether the state has more nodes than ``ViewerReducer/largeState``.
        var isLarge: Bool
        /// The changes of a keyframe action, worked out by comparing it with the state before.
        var keyframeChanges: [PatchOperation]?
    }

    private struct Shared {
        var waiting: Request?
        var isRunning = false
        var finished: [Read] = []
    }

    private let shared = Mutex(Shared())
    private let queue = DispatchQueue(label: "storescope.viewer.detail", qos: .userInitiated)
    private let sessions = ReaderSessions()

    /// Asks for `request`'s detail: it replaces a request still waiting.
    func read(_ request: Request) {
        let start = shared.withLock { shared in
            shared.waiting = request
            guard !shared.isRunning else { return false }
            shared.isRunning = true
            return true
        }
        if start { queue.async { [self] in readWaiting() } }
    }

    /// The reads finished since the last call, oldest first.
    func takeFinished() -> [Read] {
        shared.withLock { shared in
            defer { shared.finished = [] }
            return shared.finished
        }
    }

    /// Whether a read is under way or waiting.
    var isBusy: Bool { shared.withLock { $0.isRunning } }

    /// How many chunks the reader's own session decoded: what tests count instead of timing.
    var chunkDecodes: Int { queue.sync { sessions.session?.chunkDecodes ?? 0 } }

    /// On the queue: reads the waiting requests until none waits.
    private func readWaiting() {
        while let request = shared.withLock({ shared -> Request? in
            guard let request = shared.waiting else {
                shared.isRunning = false
                return nil
            }
            shared.waiting = nil
            return request
        }) {
            let read = sessions.read(request)
            shared.withLock { $0.finished.append(read) }
        }
    }
}

/// The reader's session, opened again when the viewer's source opens another session (a file
/// replaced, an app reconnected): touched only on the reader's serial queue.
private final class ReaderSessions: @unchecked Sendable {
    private(set) var session: TraceSession?
    private var key: (path: String, opening: UInt64)?

    func read(_ request: DetailReader.Request) -> DetailReader.Read {
        let entry = request.entry
        do throws(TraceError) {
            if let session, let key, key.path == request.path, key.opening == request.opening {
                // A growing trace: the records that arrived since the last read.
                try session.refresh()
            } else {
                session = nil
                session = try TraceSession.forViewer(path: request.path)
                key = (request.path, request.opening)
            }
        } catch {
            session = nil
            key = nil
            let text = ViewerState.UnknownText(text: "the trace could not be read: \(error)")
            return DetailReader.Read(
                request: request, detail: ViewerState.Detail(entry: entry, diff: .failure(text), state: .failure(text)), isLarge: false)
        }
        guard let session else { preconditionFailure("opened above") }
        let read = ViewerState.Detail.read(entry, from: session)
        return DetailReader.Read(
            request: request, detail: read.detail, isLarge: read.isLarge,
            keyframeChanges: entry.hasKeyframe ? session.changes(of: entry) : nil)
    }
}
