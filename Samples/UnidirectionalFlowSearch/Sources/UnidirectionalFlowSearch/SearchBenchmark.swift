import Foundation
import StoreScope
import UnidirectionalFlow

/// The benchmark behind the `uf-search-bench` executable (here, beside the app's internal
/// recording helpers it measures): see that executable's header.
public enum SearchBenchmark {
    @MainActor
    public static func run(sends: Int, rounds: Int, directory: URL) async throws {
        /// Times each of `sends` sends on `store`; returns (median, p99) in nanoseconds.
        func time(_ store: Store<SearchState, SearchAction>) async -> (median: Double, p99: Double) {
            var nanos: [Int64] = []
            nanos.reserveCapacity(sends)
            let clock = ContinuousClock()
            for index in 0..<sends {
                let start = clock.now
                await store.send(.search(query: index.isMultiple(of: 2) ? "sw" : "swift"))
                let elapsed = start.duration(to: clock.now)
                nanos.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
            }
            nanos.sort()
            return (Double(nanos[nanos.count / 2]), Double(nanos[nanos.count * 99 / 100]))
        }

        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

        var results: [String: [(median: Double, p99: Double)]] = [:]
        for round in 0..<rounds {
            let plain: [any Middleware<SearchState, SearchAction>] = [AnalyticsMiddleware()]
            results["plain", default: []].append(await time(Store(initialState: SearchState(), reducer: SearchReducer(), middlewares: plain)))
            do {
                let recorder = try Recorder(sink: .file(directory.appendingPathComponent("reducer-\(round).sstrace").path))
                let recording = recorder.store("search", initialState: SearchState(), actions: SearchAction.self)
                let store = Store(initialState: SearchState(), reducer: RecordedReducer(base: SearchReducer(), recording: recording), middlewares: plain)
                results["recorded reducer", default: []].append(await time(store))
                recorder.close()
            }
            do {
                let recorder = try Recorder(sink: .file(directory.appendingPathComponent("middleware-\(round).sstrace").path))
                let recording = recorder.store("search", initialState: SearchState(), actions: SearchAction.self)
                let middlewares = RecordedMiddlewares(base: [AnalyticsMiddleware()], recording: recording)
                let store = Store(initialState: SearchState(), reducer: RecordedReducer(base: SearchReducer(), recording: recording), middlewares: middlewares)
                middlewares.send.connect { [weak store] in await store?.send($0) }
                results["recorded reducer and middleware", default: []].append(await time(store))
                recorder.close()
            }
        }
        print("swift-unidirectional-flow 0.4.6 await store.send(_:), one middleware, \(sends) sends x \(rounds) rounds (median over rounds)")
        let base = median(results["plain"]!.map(\.median))
        for name in ["plain", "recorded reducer", "recorded reducer and middleware"] {
            let m = median(results[name]!.map(\.median))
            let p = median(results[name]!.map(\.p99))
            print(name.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "median %6.0f ns   p99 %6.0f ns   recording adds %5.0f ns", m, p, m - base))
        }

    }
}
