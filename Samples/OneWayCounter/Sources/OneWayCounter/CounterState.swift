/// The counter's state.
public struct CounterState: Codable, Equatable, Sendable {
    public var count = 0
    public var fact: String?
    public var isLoadingFact = false

    public init() {}
}

/// What the counter does.
public enum CounterAction: Codable, Equatable, Sendable {
    case increment
    case decrement
    case fetchFact
    case factLoaded(String)
    case countUp(times: Int)
    case fetchSlowFact
    case cancelSlowFact
}

/// Where facts come from, faked: a fact answers after a suspension, a slow fact waits until it
/// is cancelled (or 10 s).
public struct FactService: Sendable {
    public init() {}

    public func fact(for number: Int) async -> String {
        await Task.yield()
        return number.isMultiple(of: 2) ? "\(number) is even" : "\(number) is odd"
    }

    public func slowFact(for number: Int) async -> String {
        try? await Task.sleep(for: .seconds(10))
        return "\(number), eventually"
    }
}
