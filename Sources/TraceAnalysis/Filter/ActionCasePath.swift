import TraceFormat

/// The enum cases an action passes through, outermost first: `.todos(.queryChanged("a"))` is
/// `todos.queryChanged`, and TCA's `.path(.element(id: 0, action: .detail(.save)))` is
/// `path.element.detail.save`.
///
/// A case leads to the next when exactly one of its associated values is itself an enum case
/// (optionals looked through) and that value is unlabeled or labeled `action`: the child action
/// a parent case wraps, as TCA's scoped actions (`.child(ChildAction)`, `.element(id:action:)`)
/// and hand-written stores do. A payload such as `.push(id:state:)` carries a state, not an
/// action, and ends the path.
public struct ActionCasePath: Sendable, Hashable {
    /// One case along the path.
    public struct Level: Sendable, Hashable {
        /// The enum's type name, as recorded.
        public var type: String
        /// The case name.
        public var caseName: String
    }

    /// The cases, outermost first; empty when the action is not an enum case.
    public var levels: [Level]

    /// The cases `action` passes through.
    public init(of action: TraceValue) {
        levels = []
        var current: TraceValue? = action
        while let value = current.map(Self.unwrapped), case let .enumeration(type, caseName, payload) = value {
            levels.append(Level(type: type, caseName: caseName))
            let nested = payload.filter { $0.name.isEmpty || $0.name == "action" }.map { Self.unwrapped($0.value) }.filter { if case .enumeration = $0 { true } else { false } }
            current = nested.count == 1 ? nested[0] : nil
        }
    }

    /// The case names joined by dots: `todos.queryChanged`.
    public var dotted: String { levels.map(\.caseName).joined(separator: ".") }

    /// The name `stats --by case-path` groups under: the outermost type and the dotted cases,
    /// `AppAction.todos.queryChanged`.
    public var name: String? { levels.first.map { "\($0.type).\(dotted)" } }

    /// Every name `action:GLOB` tries: at each level its case, its type and `Type.case`, and
    /// the dotted cases from that level inward, bare and after the level's type
    /// (`todos.queryChanged`, `AppAction.todos.queryChanged`, `TodosAction.queryChanged`).
    public var names: [String] {
        var names: [String] = []
        for (index, level) in levels.enumerated() {
            names.append(level.caseName)
            names.append(level.type)
            let inward = levels[index...].map(\.caseName).joined(separator: ".")
            names.append(level.type + "." + inward)
            if index + 1 < levels.count {
                names.append(level.type + "." + level.caseName)
                names.append(inward)
            }
        }
        return names
    }

    private static func unwrapped(_ value: TraceValue) -> TraceValue {
        var value = value
        while case let .some(wrapped) = value { value = wrapped }
        return value
    }
}
