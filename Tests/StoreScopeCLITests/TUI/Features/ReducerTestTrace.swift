import TraceFormat

@testable import StoreScopeCLI

extension BackgroundReader.Trace {
    /// A trace the feature reducer tests name without reading it: `/traces/NAME` at its
    /// `opening`, of app "shop" with store "app", its session started at monotonic 1,000 ns.
    static func named(_ name: String = "shop.sstrace", opening: UInt64 = 1) -> Self {
        Self(path: "/traces/\(name)", opening: opening, header: SessionHeader(
            sessionID: Array(repeating: 1, count: 16), appName: "shop", storeName: "app",
            startWallNanos: 0, startMonotonicNanos: 1_000, schemaFingerprint: 0))
    }
}
