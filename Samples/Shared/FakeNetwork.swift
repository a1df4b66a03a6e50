/// A scripted stand-in for a remote server, so samples run offline and deterministically:
/// each request answers at once, hangs until its task is cancelled, or fails, as scripted.
public actor FakeNetwork {
    /// What one request does.
    public enum Reply: Sendable {
        /// Answers at once.
        case answer
        /// Never answers; ends only when the calling task is cancelled.
        case hang
        /// Fails with a ``ServiceError`` carrying this message.
        case fail(String)
    }

    private var script: [String: [Reply]]
    /// Every request made, in order.
    public private(set) var requests: [String] = []
    private var waiters: [(request: String, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a network that replies to each request with the next scripted reply for it,
    /// or `.answer` once the script for it is used up.
    public init(script: [String: [Reply]] = [:]) {
        self.script = script
    }

    /// Performs `request` as scripted.
    ///
    /// - Throws: ``ServiceError`` for a scripted failure, `CancellationError` when a hanging
    ///   request's task is cancelled.
    public func call(_ request: String) async throws {
        requests.append(request)
        let made = requests.count(where: { $0 == request })
        let ready = waiters.filter { $0.request == request && $0.count <= made }
        waiters.removeAll { $0.request == request && $0.count <= made }
        for waiter in ready { waiter.continuation.resume() }

        let reply = script[request]?.isEmpty == false ? script[request]!.removeFirst() : .answer
        switch reply {
        case .answer:
            try Task.checkCancellation()
        case .hang:
            while true { try await Task.sleep(for: .seconds(3600)) }
        case let .fail(message):
            throw ServiceError(message)
        }
    }

    /// Returns once `request` was made at least `count` times.
    public func waitUntilRequested(_ request: String, count: Int = 1) async {
        guard requests.count(where: { $0 == request }) < count else { return }
        await withCheckedContinuation { waiters.append((request, count, $0)) }
    }
}

/// A failure reported by a fake service.
public struct ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
