/// The users state from DESIGN.md's measurements: users with id, name, email, three tags and
/// isActive, plus isLoading, query and selected; and the four changes the benchmarks apply.
enum UsersFixture {
    struct User: Identifiable, Equatable, Codable, Sendable {
        var id: Int
        var name: String
        var email: String
        var tags: [String]
        var isActive: Bool
    }

    struct State: Equatable, Codable, Sendable {
        var users: [User]
        var isLoading = false
        var query = ""
        var selected: Int?
    }

    enum Action: Equatable, Sendable {
        case rename(index: Int, name: String)
        case setLoading(Bool)
        case insertFront(User)
        case remove(id: Int)
    }

    /// The four changes, by what they touch.
    enum Change: String, CaseIterable {
        case rename = "one user renamed"
        case toggleLoading = "isLoading flipped"
        case insertFront = "user inserted at front"
        case remove = "user removed"

        /// The action performing this change at step `step` of a run on `count` users.
        func action(step: Int, count: Int) -> Action {
            switch self {
            case .rename: .rename(index: step % count, name: "Renamed \(step)")
            case .toggleLoading: .setLoading(step % 2 == 0)
            case .insertFront: .insertFront(makeUser(id: count + step))
            case .remove: .remove(id: step % count)
            }
        }
    }

    static func makeUser(id: Int) -> User {
        User(id: id, name: "User \(id)", email: "user\(id)@example.com", tags: ["tag\(id % 7)", "team\(id % 13)", "plan\(id % 3)"], isActive: id % 2 == 0)
    }

    /// Equal users in newly built storage, as decoding a server response gives them: every
    /// string and tag array is a new allocation (strings past 15 UTF-8 bytes live on the heap).
    static func rebuilt(_ users: [User]) -> [User] {
        users.map { user in
            User(
                id: user.id, name: String(decoding: Array(user.name.utf8), as: UTF8.self),
                email: String(decoding: Array(user.email.utf8), as: UTF8.self),
                tags: user.tags.map { String(decoding: Array($0.utf8), as: UTF8.self) }, isActive: user.isActive)
        }
    }

    static func state(users count: Int) -> State {
        State(users: (0..<count).map(makeUser), query: "ada", selected: 3)
    }

    /// The reducer: mutates in place, as real reducers do.
    static func reduce(_ state: inout State, _ action: Action) {
        switch action {
        case let .rename(index, name):
            if state.users.indices.contains(index) { state.users[index].name = name }
        case let .setLoading(loading):
            state.isLoading = loading
        case let .insertFront(user):
            state.users.insert(user, at: 0)
        case let .remove(id):
            if let index = state.users.firstIndex(where: { $0.id == id }) { state.users.remove(at: index) }
        }
    }
}
