/// The shop's backend, faked: answers after a suspension, and refuses an order over its limit.
public struct ShopService: Sendable {
    /// Orders above this total are refused.
    public var orderLimitCents: Int

    public init(orderLimitCents: Int = 10_000) {
        self.orderLimitCents = orderLimitCents
    }

    /// The catalog.
    public func products() async -> [Product] {
        await Task.yield()
        return [
            Product(id: 1, name: "Espresso beans", cents: 1_450),
            Product(id: 2, name: "Milk frother", cents: 3_900),
            Product(id: 3, name: "Grinder", cents: 8_900),
        ]
    }

    /// Places an order of `totalCents`; returns its id.
    public func placeOrder(totalCents: Int) async throws -> String {
        await Task.yield()
        guard totalCents <= orderLimitCents else { throw ShopError.overLimit(totalCents) }
        return "order-\(totalCents)"
    }
}

/// Why the shop refused an order.
public enum ShopError: Error, CustomStringConvertible {
    case overLimit(Int)

    public var description: String {
        switch self {
        case let .overLimit(cents): "total \(cents) is over the order limit"
        }
    }
}
