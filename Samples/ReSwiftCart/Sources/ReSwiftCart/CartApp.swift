// StoreScope: begin ReSwift imports
@preconcurrency import ReSwift  // StoreScope: in Swift 6 language mode (ReSwift has no Sendable annotations)
import ReSwiftThunk
import StoreScope  // StoreScope
// StoreScope: end ReSwift imports

/// The cart app: a ReSwift store with the thunk middleware, an order middleware and the app's
/// journal, recorded with StoreScope.
@MainActor
public final class CartApp {
    public let store: Store<CartState>
    public let journal = CartJournal()
    private let recording: StoreRecorder<CartState, any Action>
    private let service: ShopService

    /// Starts the app, recording to the trace file at `tracePath`.
    public init(tracePath: String, service: ShopService = ShopService()) throws {
        self.service = service
        let journal = self.journal
        // StoreScope: begin ReSwift
        let recorder = try Recorder(sink: .file(tracePath), configuration: .init(appName: "ReSwiftCart"))  // StoreScope
        let recording = recorder.store("cart", initialState: CartState(), actions: (any Action).self)  // StoreScope
        let placeOrder = recording.middleware("placeOrder") { action, getState in  // StoreScope: was a Middleware<CartState>
            guard action is PlaceOrder, let total = getState()?.totalCents else { return nil }
            return { dispatch, _ in
                do { dispatch(OrderPlaced(orderID: try await service.placeOrder(totalCents: total))) }
                catch { dispatch(OrderFailed(message: "\(error)")) }
            }
        }
        store = Store(reducer: recording.reducer(cartReducer), state: nil, middleware: [createThunkMiddleware(), placeOrder, journal.middleware()])  // StoreScope: recording.reducer(…)
        // StoreScope: end ReSwift
        self.recording = recording
    }

    /// The thunk that loads the catalog.
    public func loadCatalog() -> Thunk<CartState> {
        let service = self.service
        // StoreScope: begin ReSwift thunk
        return Thunk(body: recording.thunk("loadCatalog") { dispatch, _ in  // StoreScope: was Thunk { dispatch, getState in … }
            dispatch(CatalogRequested())
            dispatch(CatalogLoaded(products: await service.products()))
        })
        // StoreScope: end ReSwift thunk
    }

    /// Waits until the thunks and order effects started so far have ended.
    public func settle() async {
        await recording.waitForEffects()
    }
}
