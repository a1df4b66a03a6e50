/// What a trace file says about its session before any record: written once, at offset 0.
public struct SessionHeader: Sendable, Hashable {
    /// The random identity of the session (16 bytes, a UUID).
    public var sessionID: [UInt8]
    /// The app's name.
    public var appName: String
    /// The main store's name, as the app named it (several stores may record into one
    /// session); empty when the app named none: the main store is then the first to register
    /// (see ``mainStore(among:)``).
    public var storeName: String
    /// Wall-clock start time in nanoseconds since 1970 UTC.
    public var startWallNanos: Int64
    /// Monotonic clock reading at the start, in nanoseconds: records' monotonic times minus
    /// this value are the time since the session started.
    public var startMonotonicNanos: UInt64
    /// A fingerprint of the State and Action types (FNV-1a 64 of their reflected names), so a
    /// reader can tell traces of different app versions apart.
    public var schemaFingerprint: UInt64
    /// Optional features a reader may ignore when it does not know them.
    public var compatibleFeatures: UInt32
    /// Features a reader must understand; a reader rejects any bit it does not know.
    public var incompatibleFeatures: UInt32
    /// The SHA-256 of a secret only the recording app holds (32 bytes), or `nil` in traces
    /// of recorders that predate it (format 1.0): a listener continues this session's file
    /// for a new connection only when it proves the secret (docs/FORMAT.md §17).
    public var continuationCommitment: [UInt8]?

    /// Creates a header.
    public init(
        sessionID: [UInt8], appName: String, storeName: String, startWallNanos: Int64,
        startMonotonicNanos: UInt64, schemaFingerprint: UInt64,
        compatibleFeatures: UInt32 = 0, incompatibleFeatures: UInt32 = 0, continuationCommitment: [UInt8]? = nil
    ) {
        self.sessionID = sessionID
        self.appName = appName
        self.storeName = storeName
        self.startWallNanos = startWallNanos
        self.startMonotonicNanos = startMonotonicNanos
        self.schemaFingerprint = schemaFingerprint
        self.compatibleFeatures = compatibleFeatures
        self.incompatibleFeatures = incompatibleFeatures
        self.continuationCommitment = continuationCommitment
    }

    /// The session's main store among `stores` (docs/FORMAT.md §3): the store the header
    /// names when the session has it, otherwise the first of `stores` (the only one, when one
    /// records). The one rule every reader applies, so that an app that names no main store,
    /// or a trace whose header names a store that never recorded, means its real store.
    ///
    /// - Parameter stores: the session's stores in the order they registered (for a session
    ///   still arriving, those known so far).
    /// - Returns: the main store; the name in the header when `stores` is empty, `nil` when
    ///   that is empty too.
    package func mainStore(among stores: [String]) -> String? {
        if stores.contains(storeName) { return storeName }
        return stores.first ?? (storeName.isEmpty ? nil : storeName)
    }

    /// The session id as a UUID string.
    public var sessionIDString: String {
        let hex = sessionID.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        guard hex.count == 32 else { return hex }
        let chars = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }.joined(separator: "-")
    }
}
