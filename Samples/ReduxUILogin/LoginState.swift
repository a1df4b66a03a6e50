/// A signed-in session. Its token is redacted from traces by field name.
public struct Session: Sendable, Hashable, Decodable {
    /// The user.
    public var username: String
    /// The bearer token.
    public var token: String
}

/// The signed-in user's profile.
public struct Profile: Sendable, Hashable, Decodable {
    /// Display name.
    public var displayName: String
    /// Repositories starred.
    public var starred: Int
}

/// The login flow's state. The password is redacted from traces by field name.
public struct LoginState: Sendable, Equatable, Decodable {
    public var username = ""
    public var password = ""
    public var isLoggingIn = false
    public var errorMessage: String?
    public var session: Session?
    public var profile: Profile?
}

/// What can happen in the login flow.
public enum LoginAction: Sendable, Equatable, Decodable {
    case setUsername(String)
    case setPassword(password: String)
    case login
    case loginFailed(String)
    case loggedIn(Session)
    case profileLoaded(Profile)
    case sessionExpired
}

/// The screens of the flow.
public enum LoginRoute: Sendable, Hashable {
    case login
    case profile
}

/// The login flow's reducer; expiry sends the user back to the login screen.
public struct LoginReducer: ReduxUI.Reducer {
    public init() {}

    public func reduce(_ state: inout LoginState, action: LoginAction, performRoute: (LoginRoute) -> Void) {
        switch action {
        case let .setUsername(name): state.username = name
        case let .setPassword(password): state.password = password
        case .login:
            state.isLoggingIn = true
            state.errorMessage = nil
        case let .loginFailed(message):
            state.isLoggingIn = false
            state.errorMessage = message
        case let .loggedIn(session):
            state.isLoggingIn = false
            state.session = session
            state.password = ""
        case let .profileLoaded(profile): state.profile = profile
        case .sessionExpired:
            state.session = nil
            state.profile = nil
            state.errorMessage = "Your session expired. Please sign in again."
            performRoute(.login)
        }
    }
}
