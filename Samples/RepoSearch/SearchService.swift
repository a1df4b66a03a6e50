/// A repository search server, faked over a scripted ``FakeNetwork`` and a small catalog.
public struct SearchService: Sendable {
    /// The network the requests go through.
    public let network: FakeNetwork
    private static let catalog = [
        Repo(id: 1, name: "apple/swift", stars: 67_000), Repo(id: 2, name: "apple/swift-nio", stars: 8_000),
        Repo(id: 3, name: "pointfreeco/swift-composable-architecture", stars: 12_000),
        Repo(id: 4, name: "apple/swift-collections", stars: 3_700), Repo(id: 5, name: "ReSwift/ReSwift", stars: 7_500),
    ]

    /// Creates a service over `network`.
    public init(network: FakeNetwork) {
        self.network = network
    }

    /// The repositories whose name contains `query`, most starred first.
    public func search(_ query: String) async throws -> [Repo] {
        try await network.call("GET /search?q=\(query)")
        return Self.catalog.filter { $0.name.lowercased().contains(query.lowercased()) }.sorted { $0.stars > $1.stars }
    }

    /// The middleware's dependencies, backed by this service.
    public var dependencies: SearchMiddleware.Dependencies {
        .init(search: search)
    }
}
