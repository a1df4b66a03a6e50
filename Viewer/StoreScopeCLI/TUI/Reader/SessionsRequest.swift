import TraceAnalysis
import TraceFormat

/// What the viewer asks the reader of its sessions every poll interval
/// (``SessionsAction/poll``): read on in each session's trace (a growing file, a live session's
/// recording), notice a file at its path replaced, truncated or written again, and say what the
/// `S` list shows of each. The reader alone reads the traces; the viewer learns all this from
/// the answer (``SessionsAnswer``).
package struct SessionsRequest: Sendable, Equatable {
    /// Each source's trace, by source index (``ViewerSources/all``); `nil` for a live session
    /// that is over, not shown, and whose final figures the list has: nothing asks the reader
    /// for it unless it is shown again (then read anew) or its app reconnects (a new trace),
    /// so the reader lets its session go.
    var traces: [BackgroundReader.Trace?]
}

/// The reader's answer to a ``SessionsRequest``.
package struct SessionsAnswer: Sendable, Equatable {
    var request: SessionsRequest
    /// What was read of each trace asked, in the request's order (`nil`: not asked, or it
    /// could not be read now; the list keeps what it showed).
    var sessions: [Session?]

    /// One session as the reader read it.
    struct Session: Sendable, Equatable {
        /// The trace read now: the one asked, or the new session that took its path
        /// (``restart``), which the viewer asks for from now on.
        var trace: BackgroundReader.Trace
        /// Why the path holds another session, in words (`was truncated`,
        /// ``TraceFileWatch/Change``); `nil` when it holds the same one.
        var restart: String?
        /// Whether records arrived since the last answer said what the trace holds.
        var grew: Bool
        /// Whether the trace was read to its footer: its writer finished it.
        var isComplete: Bool
        /// The app's name, the actions recorded that can be read
        /// (``recordedActions(in:drops:)``) and those the recorder dropped: the `S` list's
        /// columns.
        var app: String
        var actions: UInt64
        var dropped: UInt64

        /// `session` as the list shows it, read from `trace`.
        init(_ session: TraceSession, trace: BackgroundReader.Trace, restart: String?, grew: Bool, isComplete: Bool) {
            let drops = session.droppedActions()
            self.trace = trace
            self.restart = restart
            self.grew = grew
            self.isComplete = isComplete
            app = session.header.appName
            actions = Self.recordedActions(in: session, drops: drops)
            dropped = drops.count
        }

        /// The actions of `session` that were recorded and can be read, from the index and its
        /// `drops`: the recorder numbers a session's actions from 1, and each seq up to the last
        /// one known is an action recorded, dropped, or lost in a damaged part (between the
        /// actions around it).
        static func recordedActions(in session: TraceSession, drops: DroppedActions) -> UInt64 {
            let readable = session.seqRange?.upperBound ?? 0
            var missing = drops.count
            for damage in session.damage where damage.kind == .damaged {
                // Saturating: seqs are any u64, the last one may be UInt64.max.
                let after = damage.afterSeq ?? 0, before = damage.beforeSeq ?? (readable == .max ? .max : readable + 1)
                if before > after, before - after > 1 { missing = missing.addingSaturated(before - after - 1) }
            }
            let last = max(readable, drops.lastSeq)
            return last > missing ? last - missing : 0
        }
    }
}

extension BackgroundReader.Trace {
    /// The trace of the session at `path` that starts with `header`, newly opened: another
    /// opening than any before, so the reader reads it anew.
    static func opened(path: String, header: SessionHeader, followsPath: Bool = true) -> Self {
        let opening = openings.withLock { count in
            count += 1
            return count
        }
        return Self(path: path, opening: opening, header: header, followsPath: followsPath)
    }

    /// The openings numbered so far.
    private static let openings = LockedValue<UInt64>(0)
}
