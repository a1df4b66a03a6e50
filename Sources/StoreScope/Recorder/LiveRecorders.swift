import Foundation
import TraceFormat

/// The process's open recorders, closed at normal process exit so that an app that ends
/// without calling ``Recorder/close(timeout:)`` still leaves a complete trace: every action
/// sent before `exit()`, the session's end and the footer index.
///
/// Recorders join when they start and leave when they close; the registry holds them weakly
/// (a recorder the app released is not kept alive for the exit). The exit handler is installed
/// once, with the first recorder. It runs on the thread that called `exit()`: it closes each
/// recorder and waits for its worker, at most ``exitTimeout`` each, except a recorder whose own
/// worker is that thread (it cannot wait for itself; its trace then ends as after a crash).
enum LiveRecorders {
    /// How long the exit waits for each recorder's worker to write what it holds.
    static let exitTimeout = Duration.seconds(3)

    private struct Entry {
        weak var recorder: Recorder?
    }

    private static let registry = LockedValue<(entries: [ObjectIdentifier: Entry], handlerInstalled: Bool)>(([:], false))

    /// Adds a started recorder; installs the exit handler the first time.
    static func add(_ recorder: Recorder) {
        let install = registry.withLock { registry in
            registry.entries[ObjectIdentifier(recorder)] = Entry(recorder: recorder)
            defer { registry.handlerInstalled = true }
            return !registry.handlerInstalled
        }
        if install {
            ProcessExit.run { LiveRecorders.closeAll() }
        }
    }

    /// Removes a recorder that closed (or is being released: hence its identifier, not itself).
    static func remove(_ recorder: ObjectIdentifier) {
        _ = registry.withLock { $0.entries.removeValue(forKey: recorder) }
    }

    /// Closes every live recorder (at exit). The lock is not held while waiting, so a store
    /// thread that records meanwhile is not blocked by the exit.
    static func closeAll() {
        let recorders = registry.withLock { registry in
            let live = registry.entries.values.compactMap(\.recorder)
            registry.entries = [:]
            return live
        }
        for recorder in recorders where !recorder.isWorkerThread {
            recorder.close(timeout: exitTimeout)
        }
    }
}
