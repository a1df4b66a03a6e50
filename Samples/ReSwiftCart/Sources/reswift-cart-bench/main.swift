// Store-thread cost of recording a ReSwift store, beside ReSwift's own cost: the time of one
// `store.dispatch` on a plain store, on the same store with its reducer recorded, and with a
// `recording.middleware` in its chain as well. Release build:
//   swift run -c release reswift-cart-bench [DISPATCHES] [ROUNDS]
// Each round times every dispatch of each variant (alternating AddToCart / RemoveFromCart, so
// every action changes the state); the table gives the median over rounds of each round's median
// and 99th percentile.
import Foundation
@preconcurrency import ReSwift
import ReSwiftCart
import ReSwiftThunk
import StoreScope

let arguments = CommandLine.arguments
let dispatches = arguments.count > 1 ? Int(arguments[1]) ?? 20_000 : 20_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let products = (1...50).map { Product(id: $0, name: "product \($0)", cents: 100 * $0) }
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reswift-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// Times each of `dispatches` dispatches on `store`; returns (median, p99) in nanoseconds.
func time(_ store: Store<CartState>) -> (median: Double, p99: Double) {
    store.dispatch(CatalogLoaded(products: products))
    for id in 1...20 { store.dispatch(AddToCart(productID: id)) }
    var nanos: [Int64] = []
    nanos.reserveCapacity(dispatches)
    let clock = ContinuousClock()
    for index in 0..<dispatches {
        let action: any Action = index.isMultiple(of: 2) ? AddToCart(productID: 30) : RemoveFromCart(productID: 30)
        let start = clock.now
        store.dispatch(action)
        let elapsed = start.duration(to: clock.now)
        nanos.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
    nanos.sort()
    return (Double(nanos[nanos.count / 2]), Double(nanos[nanos.count * 99 / 100]))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

var results: [String: [(median: Double, p99: Double)]] = [:]
for round in 0..<rounds {
    results["plain", default: []].append(time(Store(reducer: cartReducer, state: nil, middleware: [createThunkMiddleware()])))
    do {
        let recorder = try Recorder(sink: .file(directory.appendingPathComponent("reducer-\(round).sstrace").path))
        let recording = recorder.store("cart", initialState: CartState(), actions: (any Action).self)
        results["recorded reducer", default: []].append(time(Store(reducer: recording.reducer(cartReducer), state: nil, middleware: [createThunkMiddleware()])))
        recorder.close()
    }
    do {
        let recorder = try Recorder(sink: .file(directory.appendingPathComponent("middleware-\(round).sstrace").path))
        let recording = recorder.store("cart", initialState: CartState(), actions: (any Action).self)
        let none = recording.middleware("never") { _, _ in nil }
        results["recorded reducer + recording.middleware", default: []].append(time(Store(reducer: recording.reducer(cartReducer), state: nil, middleware: [createThunkMiddleware(), none])))
        let status = recorder.status
        recorder.close()
        if status.actionsDropped > 0 { print("round \(round): \(status.actionsDropped) actions dropped") }
    }
}
print("ReSwift 6.1.1 store.dispatch, \(dispatches) dispatches x \(rounds) rounds (median over rounds)")
let plain = median(results["plain"]!.map(\.median))
for name in ["plain", "recorded reducer", "recorded reducer + recording.middleware"] {
    let m = median(results[name]!.map(\.median))
    let p = median(results[name]!.map(\.p99))
    print(name.padding(toLength: 42, withPad: " ", startingAt: 0) + String(format: "median %6.0f ns   p99 %6.0f ns   recording adds %5.0f ns", m, p, m - plain))
}
