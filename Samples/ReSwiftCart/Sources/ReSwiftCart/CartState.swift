import ReSwift

/// A product the shop sells.
public struct Product: Codable, Equatable, Sendable {
    public var id: Int
    public var name: String
    public var cents: Int

    public init(id: Int, name: String, cents: Int) {
        self.id = id
        self.name = name
        self.cents = cents
    }
}

/// One line of the cart.
public struct CartLine: Codable, Equatable, Sendable {
    public var productID: Int
    public var quantity: Int
}

/// Where the checkout is.
public enum CheckoutStatus: Codable, Equatable, Sendable {
    case idle
    case submitting
    case placed(orderID: String)
    case failed(message: String)
}

/// The app's whole state.
public struct CartState: Codable, Equatable, Sendable {
    public var catalog: [Product] = []
    public var isLoadingCatalog = false
    public var lines: [CartLine] = []
    public var checkout: CheckoutStatus = .idle

    public init() {}

    /// The cart's total, in cents.
    public var totalCents: Int {
        lines.reduce(0) { total, line in
            total + line.quantity * (catalog.first { $0.id == line.productID }?.cents ?? 0)
        }
    }
}

// The actions: plain structs, as ReSwift apps write them.
public struct CatalogRequested: Action, Sendable {}
public struct CatalogLoaded: Action, Sendable {
    public var products: [Product]
    public init(products: [Product]) { self.products = products }
}
public struct AddToCart: Action, Sendable {
    public var productID: Int
    public init(productID: Int) { self.productID = productID }
}
public struct RemoveFromCart: Action, Sendable {
    public var productID: Int
    public init(productID: Int) { self.productID = productID }
}
public struct PlaceOrder: Action, Sendable {}
public struct OrderPlaced: Action, Sendable { public var orderID: String }
public struct OrderFailed: Action, Sendable { public var message: String }

/// The app's reducer, in ReSwift's shape.
public func cartReducer(action: Action, state: CartState?) -> CartState {
    var state = state ?? CartState()
    switch action {
    case is CatalogRequested:
        state.isLoadingCatalog = true
    case let loaded as CatalogLoaded:
        state.catalog = loaded.products
        state.isLoadingCatalog = false
    case let add as AddToCart:
        if let index = state.lines.firstIndex(where: { $0.productID == add.productID }) {
            state.lines[index].quantity += 1
        } else {
            state.lines.append(CartLine(productID: add.productID, quantity: 1))
        }
    case let remove as RemoveFromCart:
        state.lines.removeAll { $0.productID == remove.productID }
    case is PlaceOrder:
        state.checkout = .submitting
    case let placed as OrderPlaced:
        state.checkout = .placed(orderID: placed.orderID)
        state.lines = []
    case let failed as OrderFailed:
        state.checkout = .failed(message: failed.message)
    default:
        break
    }
    return state
}
