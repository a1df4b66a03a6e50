// Codable for TCA's navigation stack actions, so an `Action` that holds a `StackAction` can be
// `Codable` and replayed (`ReducerReplay` decodes the recorded actions). Compiled only with the
// package trait "TCA", as the rest of this target.
#if TCA
@_spi(Internals) import ComposableArchitecture

/// A stack element's id is coded as the trace records it: `{"generation": 3}`.
extension StackElementID: @retroactive Codable {
    private enum CodingKeys: String, CodingKey { case generation }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(generation: try container.decode(Int.self, forKey: .generation))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(generation, forKey: .generation)
    }
}

/// A stack action is coded as Swift codes an enum with associated values
/// (`{"element": {"id": …, "action": …}}`), which is how the trace records it too.
extension StackAction: @retroactive Decodable where State: Decodable, Action: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: StackActionCase.self)
        guard container.allKeys.count == 1, let which = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath,
                debugDescription: "a StackAction is one of element(id:action:), popFrom(id:), push(id:state:); found \(container.allKeys.map(\.stringValue))"))
        }
        let fields = try container.nestedContainer(keyedBy: StackActionField.self, forKey: which)
        let id = try fields.decode(StackElementID.self, forKey: .id)
        switch which {
        case .element: self = .element(id: id, action: try fields.decode(Action.self, forKey: .action))
        case .popFrom: self = .popFrom(id: id)
        case .push: self = .push(id: id, state: try fields.decode(State.self, forKey: .state))
        }
    }
}

extension StackAction: @retroactive Encodable where State: Encodable, Action: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StackActionCase.self)
        switch self {
        case let .element(id, action):
            var fields = container.nestedContainer(keyedBy: StackActionField.self, forKey: .element)
            try fields.encode(id, forKey: .id)
            try fields.encode(action, forKey: .action)
        case let .popFrom(id):
            var fields = container.nestedContainer(keyedBy: StackActionField.self, forKey: .popFrom)
            try fields.encode(id, forKey: .id)
        case let .push(id, state):
            var fields = container.nestedContainer(keyedBy: StackActionField.self, forKey: .push)
            try fields.encode(id, forKey: .id)
            try fields.encode(state, forKey: .state)
        }
    }
}

/// The cases of `StackAction`, as coding keys.
private enum StackActionCase: String, CodingKey { case element, popFrom, push }

/// The associated values' labels of `StackAction`'s cases.
private enum StackActionField: String, CodingKey { case id, action, state }
#endif
