import TraceAnalysis

/// What the viewer's control keys asked of the live app, for the loop to send
/// (``ControlLink``), and what the viewer believes of the app from the commands it sent.
struct ControlKeys: Sendable, Equatable {
    /// A request and its number in this run (so asking the same again is a new request).
    struct Ask: Sendable, Equatable {
        var request: ControlRequest
        var number: Int
    }

    /// The last request made.
    var ask: Ask?
    /// The stores whose recording the viewer paused (`P` toggles the selected action's store:
    /// a pause is per store).
    var paused: Set<String> = []
    /// The stores whose actions the viewer locked (`K` toggles the selected action's store: a
    /// lock is per store).
    var locked: Set<String> = []

    /// Makes `request` the next one to send.
    mutating func send(_ request: ControlRequest) {
        ask = Ask(request: request, number: (ask?.number ?? 0) + 1)
    }
}

extension Set<String> {
    /// Adds `store`, or removes it when present (a per-store toggle such as `P` and `K`).
    ///
    /// - Returns: whether `store` is in the set now.
    mutating func toggle(_ store: String) -> Bool {
        if remove(store) != nil { return false }
        insert(store)
        return true
    }
}
