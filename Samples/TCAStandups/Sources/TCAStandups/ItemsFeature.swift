import ComposableArchitecture
import Foundation
import StoreScopeTCA  // StoreScope: StackAction is Codable there

/// A list whose items get ids from `@Dependency(\.uuid)`, and a navigation stack of their
/// details: the shapes of a TCA app that a replay of its recorded sessions has to get right
/// (`Tests/TCAStandupsTests/ReplayTests.swift`, `Generated/ItemsReplayTests.swift`).
@Reducer
public struct ItemsFeature {
    @ObservableState
    public struct State: Equatable, Sendable, Codable {
        public var items: IdentifiedArrayOf<Item> = []
        public var path = StackState<ItemDetailFeature.State>()

        public init() {}
    }

    public struct Item: Equatable, Identifiable, Sendable, Codable {
        public var id: UUID
        public var title: String

        public init(id: UUID, title: String) {
            self.id = id
            self.title = title
        }
    }

    public enum Action: Equatable, Sendable, Codable {
        case add(String)
        case open(UUID)
        case path(StackActionOf<ItemDetailFeature>)
    }

    @Dependency(\.uuid) var uuid

    public init() {}

    public var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case let .add(title):
                state.items.append(Item(id: uuid(), title: title))
            case let .open(id):
                guard let item = state.items[id: id] else { return .none }
                state.path.append(ItemDetailFeature.State(item: item.id, title: item.title))
            case let .path(.element(id: screen, action: .rename(title))):
                guard let item = state.path[id: screen]?.item else { return .none }
                state.items[id: item]?.title = title
            case .path:
                break
            }
            return .none
        }
        .forEach(\.path, action: \.path) { ItemDetailFeature() }
    }
}

@Reducer
public struct ItemDetailFeature {
    @ObservableState
    public struct State: Equatable, Sendable, Codable {
        public var item: UUID
        public var title: String

        public init(item: UUID, title: String) {
            self.item = item
            self.title = title
        }
    }

    public enum Action: Equatable, Sendable, Codable {
        case rename(String)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case let .rename(title): state.title = title
            }
            return .none
        }
    }
}
