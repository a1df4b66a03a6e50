/// A user of the directory.
public struct User: Sendable, Hashable, Identifiable, Decodable {
    /// Its id.
    public var id: Int
    /// Full name.
    public var name: String
    /// Login name.
    public var username: String
}

/// A user's details, loaded when their page opens.
public struct UserDetails: Sendable, Hashable, Decodable {
    /// The user.
    public var userID: Int
    /// Their phone number.
    public var phone: String
    /// How many posts they wrote.
    public var postCount: Int
}

/// Where the app is.
public enum UsersRoute: Sendable, Hashable, Decodable {
    /// A user's page.
    case detail(userID: Int)
}

/// The users app's state.
public struct UsersState: Sendable, Equatable, Decodable {
    /// The users.
    public var users: [User] = []
    /// Whether the list is loading.
    public var isLoading = false
    /// The last error shown to the user.
    public var errorMessage: String?
    /// Filters the list by name.
    public var filter = ""
    /// The page on screen over the list, if any.
    public var route: UsersRoute?
    /// The open user's details, once loaded.
    public var details: UserDetails?
}

/// What can happen in the users app.
public enum UsersAction: Sendable, Equatable, Decodable {
    /// Reload the list.
    case fetch
    /// The list arrived.
    case loaded([User])
    /// Loading failed.
    case failed(String)
    /// The filter text changed.
    case setFilter(String)
    /// Navigate (nil: back to the list).
    case navigate(UsersRoute?)
    /// The open user's details arrived.
    case detailsLoaded(UserDetails)
}

/// The users app's reducer.
public func usersReducer(state: inout UsersState, action: UsersAction) {
    switch action {
    case .fetch:
        state.isLoading = true
        state.errorMessage = nil
    case let .loaded(users):
        state.users = users
        state.isLoading = false
    case let .failed(message):
        state.isLoading = false
        state.errorMessage = message
    case let .setFilter(text):
        state.filter = text
    case let .navigate(route):
        state.route = route
        state.details = nil
    case let .detailsLoaded(details):
        if state.route == .detail(userID: details.userID) { state.details = details }
    }
}
