import ComposableArchitecture
import StoreScopeTCA  // StoreScope: for .recordedCancellable

/// The app's root feature: the standups (an `IdentifiedArray` of child features), saving them,
/// syncing them with a server that answers or fails, and an autosave that runs until stopped.
@Reducer
public struct StandupsFeature {
    @ObservableState
    public struct State: Equatable, Sendable {
        public var standups: IdentifiedArrayOf<StandupFeature.State> = []
        public var sync = SyncStatus()
        public var autosave = Autosave()

        public init() {}
    }

    public struct SyncStatus: Equatable, Sendable, Codable {
        public var inFlight = false
        public var syncedCount: Int?
        public var lastError: String?

        public init(inFlight: Bool = false, syncedCount: Int? = nil, lastError: String? = nil) {
            self.inFlight = inFlight
            self.syncedCount = syncedCount
            self.lastError = lastError
        }
    }

    /// Whether autosave runs, and how often it was scheduled.
    public struct Autosave: Equatable, Sendable, Codable {
        public var isOn = false
        public var scheduled = 0

        public init(isOn: Bool = false, scheduled: Int = 0) {
            self.isOn = isOn
            self.scheduled = scheduled
        }
    }

    public enum Action: Sendable {
        case addStandup(title: String)
        case standups(IdentifiedActionOf<StandupFeature>)
        case saveTapped
        case syncTapped
        case synced(count: Int)
        case syncFailed(message: String)
        case startAutosave
        case autosaveScheduled
        case stopAutosave
    }

    enum CancelID { case autosave }

    @Dependency(\.standupsClient) var client
    @Dependency(\.continuousClock) var clock

    public init() {}

    public var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case let .addStandup(title):
                state.standups.append(StandupFeature.State(id: state.standups.count + 1, title: title))
                return .none
            case .standups:
                return .none
            case .saveTapped:
                // An effect that finishes without sending anything.
                return .run { [client, titles = state.standups.map(\.title)] _ in
                    await client.save(titles)
                }
            // StoreScope: begin TCA recorded run
            case .syncTapped:
                state.sync.inFlight = true
                return .recordedRun { [client, titles = state.standups.map(\.title)] send in  // StoreScope: was .run
                    await send(.synced(count: try await client.sync(titles)))
                } catch: { error, send in
                    await send(.syncFailed(message: "\(error)"))
                }
            // StoreScope: end TCA recorded run
            case let .synced(count):
                state.sync = SyncStatus(inFlight: false, syncedCount: count, lastError: nil)
                return .none
            case let .syncFailed(message):
                state.sync.inFlight = false
                state.sync.lastError = message
                return .none
            case .startAutosave:
                // A merge that holds `.send`: TCA runs it as a publisher, which `.cancel(id:)`
                // stops before it completes. StoreScope: `.recordedCancellable` records that.
                state.autosave.isOn = true
                return .merge(
                    .send(.autosaveScheduled),
                    .run { [clock] _ in try await clock.sleep(for: .seconds(3600)) }
                )
                .recordedCancellable(id: CancelID.autosave)  // StoreScope: was .cancellable
            case .autosaveScheduled:
                state.autosave.scheduled += 1
                return .none
            case .stopAutosave:
                state.autosave.isOn = false
                return .cancel(id: CancelID.autosave)
            }
        }
        .forEach(\.standups, action: \.standups) { StandupFeature() }
    }
}

/// Where standups are saved and synced.
public struct StandupsClient: Sendable {
    public var save: @Sendable ([String]) async -> Void
    public var sync: @Sendable ([String]) async throws -> Int

    public init(save: @escaping @Sendable ([String]) async -> Void, sync: @escaping @Sendable ([String]) async throws -> Int) {
        self.save = save
        self.sync = sync
    }
}

extension StandupsClient: DependencyKey {
    public static let liveValue = StandupsServer().client
}

extension DependencyValues {
    public var standupsClient: StandupsClient {
        get { self[StandupsClient.self] }
        set { self[StandupsClient.self] = newValue }
    }
}

/// A server in memory: keeps what is saved; the first sync answers with the count of titles,
/// any later one fails as offline.
public actor StandupsServer {
    public enum SyncError: Error, CustomStringConvertible {
        case offline
        public var description: String { "offline" }
    }

    public private(set) var saved: [[String]] = []
    private var syncs = 0

    public init() {}

    public nonisolated var client: StandupsClient {
        StandupsClient(save: { await self.save($0) }, sync: { try await self.sync($0) })
    }

    func save(_ titles: [String]) { saved.append(titles) }

    func sync(_ titles: [String]) throws -> Int {
        syncs += 1
        guard syncs == 1 else { throw SyncError.offline }
        return titles.count
    }
}
