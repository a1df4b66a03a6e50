import StoreScope

/// What a sample's scenario did, to compare with the trace it recorded.
public struct SampleRun: Sendable {
    /// The store's name in the trace.
    public var store: String
    /// Every action the store processed, in order, with the state after it.
    public var journal: [JournalEntry]
    /// The effects the scenario started, in the order they started.
    public var effects: [ExpectedEffect]
    /// What the live stream to `$STORESCOPE_SOCKET` delivered, when the run streamed to one
    /// (set by ``Samples/record(_:to:)``), for `storescope demo` to say.
    public var stream: StreamDelivery?

    /// What a live stream delivered: the recorder's figures for that destination.
    public struct StreamDelivery: Sendable, Hashable {
        /// The socket path, or `tcp HOST:PORT`.
        public var socket: String
        /// Actions a listener confirmed it took in.
        public var received: UInt64
        /// Actions lost or never confirmed (no listener, or it went away).
        public var lost: UInt64
        /// The stream's last error (its last disconnection), if any.
        public var lastError: String?
    }

    /// Creates a run.
    public init(store: String, journal: [JournalEntry], effects: [ExpectedEffect]) {
        self.store = store
        self.journal = journal
        self.effects = effects
    }
}

/// One action a store processed and the state its reducer produced (the Swift values).
public struct JournalEntry: Sendable {
    /// The action (or, for the simple-Redux shape, the mutation) the reducer ran.
    public var action: any Sendable
    /// The state after it.
    public var state: any Sendable
}

/// An effect a scenario expects in the trace.
public struct ExpectedEffect: Sendable, Hashable, CustomStringConvertible {
    /// The effect's name.
    public var name: String
    /// The index in the journal of the action that started it (`nil`: started by none).
    public var parent: Int?
    /// The journal indexes of the actions it emitted, in order.
    public var emitted: [Int]
    /// How it ends.
    public var outcome: EffectOutcome

    /// Creates an expectation.
    public init(_ name: String, parent: Int?, emitted: [Int] = [], outcome: EffectOutcome) {
        self.name = name
        self.parent = parent
        self.emitted = emitted
        self.outcome = outcome
    }

    /// `"search" by [1] emitted [2] finished`.
    public var description: String {
        "\"\(name)\" by \(parent.map { "[\($0)]" } ?? "none") emitted \(emitted) \(outcome)"
    }
}
