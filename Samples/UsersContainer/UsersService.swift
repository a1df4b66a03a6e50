/// The users server, faked over a scripted ``FakeNetwork``.
public struct UsersService: Sendable {
    /// The network the requests go through.
    public let network: FakeNetwork

    /// Creates a service over `network`.
    public init(network: FakeNetwork) {
        self.network = network
    }

    /// Effect: fetches the users.
    public func fetchUsers() -> ReduxContainer.Effect<UsersAction> {
        .task("fetchUsers") { [network] in
            try await network.call("GET /users")
            return .loaded([
                User(id: 1, name: "Ada Lovelace", username: "ada"), User(id: 2, name: "Alan Turing", username: "alan"),
                User(id: 3, name: "Grace Hopper", username: "grace"),
            ])
        }
    }

    /// Effect: fetches a user's details (a newer one replaces an older one).
    public func fetchDetails(userID: Int) -> ReduxContainer.Effect<UsersAction> {
        .task("details") { [network] in
            try await network.call("GET /users/\(userID)")
            return .detailsLoaded(UserDetails(userID: userID, phone: "+44 20 7946 01\(userID)0", postCount: 3 * userID))
        }
    }
}
