import ReSwift

/// One effect the scenario runs, as the tests expect to find it in the trace: its name, the
/// journal index of the action that started it, and the journal indexes of the actions it
/// dispatched.
public struct ExpectedEffect: Equatable, Sendable {
    public var name: String
    public var parent: Int?
    public var emitted: [Int]
}

extension CartApp {
    /// The effects ``run()`` starts, in order.
    public static let scenarioEffects = [
        ExpectedEffect(name: "loadCatalog", parent: nil, emitted: [1, 2]),
        ExpectedEffect(name: "placeOrder", parent: 7, emitted: [8]),
        ExpectedEffect(name: "placeOrder", parent: 11, emitted: [12]),
    ]

    /// Loads the catalog, fills the cart, places an order, then one over the shop's limit.
    /// Journal: [0] ReSwiftInit, [1] CatalogRequested, [2] CatalogLoaded, [3...6] cart edits,
    /// [7] PlaceOrder, [8] OrderPlaced, [9...10] AddToCart, [11] PlaceOrder, [12] OrderFailed.
    public func run() async {
        store.dispatch(loadCatalog())
        await journal.wait(forCount: 3)
        store.dispatch(AddToCart(productID: 1))
        store.dispatch(AddToCart(productID: 1))
        store.dispatch(AddToCart(productID: 2))
        store.dispatch(RemoveFromCart(productID: 2))
        store.dispatch(PlaceOrder())
        await journal.wait(forCount: 9)
        store.dispatch(AddToCart(productID: 3))
        store.dispatch(AddToCart(productID: 3))
        store.dispatch(PlaceOrder())
        await journal.wait(forCount: 13)
        await settle()
    }
}
