/// The sign-in server, faked over a scripted ``FakeNetwork``, and its session events.
public struct AuthService: Sendable {
    /// The network the requests go through.
    public let network: FakeNetwork
    private let expiries: AsyncStream<Void>
    private let expiry: AsyncStream<Void>.Continuation

    /// Creates a service over `network`.
    public init(network: FakeNetwork) {
        self.network = network
        (expiries, expiry) = AsyncStream.makeStream()
    }

    /// Signs in; only the password `correct horse` is right.
    public func signIn(username: String, password: String) async throws -> Session {
        try await network.call("POST /login")
        guard password == "correct horse" else { throw ServiceError("invalid username or password") }
        return Session(username: username, token: "tok_\(username)_5f2c")
    }

    /// The signed-in user's profile.
    public func profile(for session: Session) async throws -> Profile {
        try await network.call("GET /profile")
        return Profile(displayName: session.username.prefix(1).uppercased() + session.username.dropFirst(), starred: 42)
    }

    /// Expires the current session (what the server's push would do).
    public func expireSession() {
        expiry.yield()
    }

    /// Session expiry events.
    public var sessionExpiries: AsyncStream<Void> { expiries }
}

/// Turns session expiry into `.sessionExpired` actions (a ReduxUI deferred action).
public struct SessionObserver: ReduxUI.DeferredAction {
    let service: AuthService

    public func observe() -> AsyncStream<LoginAction>? {
        let expiries = service.sessionExpiries
        return AsyncStream { continuation in
            let task = Task {
                for await _ in expiries { continuation.yield(.sessionExpired) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
