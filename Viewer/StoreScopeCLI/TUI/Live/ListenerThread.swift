import Foundation
import TraceAnalysis

/// A ``LiveListener`` running on a thread of its own, so the screen never delays it (new
/// connections are accepted and every chunk is written to its session's file while the
/// viewer draws) and it never delays the keys. The listener is created, polled and stopped on
/// that thread only; what it reports waits in a mailbox for ``take()``.
final class ListenerThread: Sendable {
    private struct Mailbox {
        var events: [LiveEvent] = []
        var stopping = false
        var failure: ListenError?
    }

    private let mailbox = LockedValue(Mailbox())
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    private init() {}

    /// Starts listening at `path` on a new thread.
    ///
    /// - Throws: ``ListenError`` when the listener cannot listen there (the thread is gone).
    static func start(path: String, options: LiveListener.Options) throws(ListenError) -> ListenerThread {
        let thread = ListenerThread()
        Thread.detachNewThread { thread.run(path: path, options: options) }
        thread.ready.wait()
        if let failure = thread.mailbox.withLock({ $0.failure }) {
            thread.done.wait()
            throw failure
        }
        return thread
    }

    /// The events since the last call, in order.
    func take() -> [LiveEvent] {
        mailbox.withLock { mailbox in
            defer { mailbox.events = [] }
            return mailbox.events
        }
    }

    /// Stops the listener (every session ends, its file completed) and waits for the thread.
    ///
    /// - Returns: the events not taken yet, the sessions' ends last.
    func stop() -> [LiveEvent] {
        mailbox.withLock { $0.stopping = true }
        done.wait()
        done.signal()
        return take()
    }

    private func run(path: String, options: LiveListener.Options) {
        defer { done.signal() }
        let listener: LiveListener
        do throws(ListenError) {
            listener = try LiveListener(path: path, options: options)
        } catch {
            mailbox.withLock { $0.failure = error }
            ready.signal()
            return
        }
        ready.signal()
        while !mailbox.withLock({ $0.stopping }) {
            let events = listener.poll(timeout: .milliseconds(50))
            if !events.isEmpty { mailbox.withLock { $0.events += events } }
        }
        let ends = listener.stop()
        mailbox.withLock { $0.events += ends }
    }
}
