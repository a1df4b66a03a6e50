/// Signs in: `.login` becomes `.loggedIn` and a route to the profile, or `.loginFailed`.
public struct AuthMiddleware: ReduxUI.Middleware {
    let service: AuthService

    public func execute(_ state: LoginState, action: LoginAction) -> AsyncThrowingStream<ReduxUI.MiddlewareAction<LoginAction, LoginRoute>, any Error>? {
        guard action == .login else { return nil }
        let (username, password) = (state.username, state.password)
        return .single { [service] in
            do {
                let session = try await service.signIn(username: username, password: password)
                return .multiple([.performAction(.loggedIn(session)), .performRoute(.profile)])
            } catch let error as ServiceError {
                return .performAction(.loginFailed(error.message))
            }
        }
    }
}

/// Loads the profile once signed in.
public struct ProfileMiddleware: ReduxUI.Middleware {
    let service: AuthService

    public func execute(_ state: LoginState, action: LoginAction) -> AsyncThrowingStream<ReduxUI.MiddlewareAction<LoginAction, LoginRoute>, any Error>? {
        guard case let .loggedIn(session) = action else { return nil }
        return .single { [service] in .performAction(.profileLoaded(try await service.profile(for: session))) }
    }
}

/// Reports sign-in attempts to an analytics endpoint (fire and forget: nothing follows).
public struct AnalyticsMiddleware: ReduxUI.Middleware {
    let network: FakeNetwork

    public func execute(_ state: LoginState, action: LoginAction) -> AsyncThrowingStream<ReduxUI.MiddlewareAction<LoginAction, LoginRoute>, any Error>? {
        guard action == .login else { return nil }
        return .producing { [network] _ in try await network.call("POST /analytics/login") }
    }
}
