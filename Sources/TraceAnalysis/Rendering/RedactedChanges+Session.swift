extension RedactedChanges {
    /// The redacted values of `store` that changed from the state after `from` to the state
    /// after `to`, read from the patches of the actions in between (for ``DiffRendering``).
    ///
    /// The patches are read only when both states hold a redacted value, so a diff of a state
    /// with nothing redacted costs nothing more. An action whose state was recorded as a
    /// keyframe instead of a patch tells nothing here: its redacted values read the same.
    ///
    /// - Parameters:
    ///   - session: the trace.
    ///   - store: the store.
    ///   - from: the earlier action (its own patch is not counted).
    ///   - to: the later action.
    ///   - old: the state after `from`.
    ///   - new: the state after `to`.
    public init(in session: TraceSession, store: String, from: UInt64, to: UInt64, old: TraceValue, new: TraceValue) {
        self.init()
        guard from < to, old.containsRedacted, new.containsRedacted else { return }
        session.forEachAction(in: (from + 1)...to) { item in
            if case let .action(entry) = item, entry.action.store == store { add(entry.operations) }
            return true
        }
    }
}

extension TraceValue {
    /// Whether a redacted node is in the tree.
    var containsRedacted: Bool {
        switch self {
        case .redacted: true
        case let .some(wrapped): wrapped.containsRedacted
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            fields.contains { $0.value.containsRedacted }
        case let .array(elements), let .set(elements): elements.contains { $0.containsRedacted }
        case let .dictionary(entries): entries.contains { $0.key.containsRedacted || $0.value.containsRedacted }
        default: false
        }
    }
}
