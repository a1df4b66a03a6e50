/// The control keys' part of ``ViewerState``: what the viewer believes of the live app from
/// the commands its control keys sent (``ViewerEffect/control(_:)``).
struct ControlState: Sendable, Equatable {
    /// The stores whose recording the viewer paused (`P` toggles the selected action's store:
    /// a pause is per store).
    var paused: Set<String> = []
    /// The stores whose actions the viewer locked (`K` toggles the selected action's store: a
    /// lock is per store).
    var locked: Set<String> = []
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
