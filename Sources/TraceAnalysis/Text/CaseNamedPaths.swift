import TraceFormat

/// Renders the paths of an action's changes with the cases of the enums they pass through
/// (`.path[0]/detail[0].todo.title`), reading the state after the action only for paths that
/// can pass through one.
///
/// Whether a path meets an enum depends on the types along it, not on the indices or keys
/// (the elements of `[Path.State]` are all enums; the `name` of every `Item` is not), so it is
/// learned once per path shape from the first state read for it. `log` over 50,000 renames of
/// `.items[i].name` reads one state, not 50,000 (each a replay of a chunk). A state read is
/// followed through the next actions' changes while they come one after another, as an
/// unfiltered `log` asks, so edits inside a navigation stack are not a replay each either.
public final class CaseNamedPaths {
    /// The session that owns this (``TraceSession/caseNamedPaths``).
    private unowned let session: TraceSession
    /// Per store and path shape (`.items[].name`): whether an enum lies on the way.
    private var meetsEnum: [String: [String: Bool]] = [:]
    /// The last state read or followed, per store, and the action it is the state after.
    private var followed: [String: (seq: UInt64, state: TraceValue)] = [:]

    /// Creates the renderer over `session`'s states.
    init(session: TraceSession) {
        self.session = session
    }

    /// The state `entry`'s operations are rendered against: the state after it, which holds
    /// every enum a changed path passes through (a removed node's parent is still there), or
    /// `nil` when no operation's path can meet an enum.
    public func state(for entry: ActionEntry, _ operations: [PatchOperation]) -> TraceValue? {
        let store = entry.action.store
        let next = follow(store, to: entry)
        let shapes = operations.lazy.filter { $0.path.count > 1 }.map { Self.shape(of: $0.path) }
        guard shapes.contains(where: { meetsEnum[store]?[$0] ?? true }) else { return nil }
        guard let state = next ?? session.state(of: store, after: entry.seq).value else { return nil }
        followed[store] = (entry.seq, state)
        for operation in operations where operation.path.count > 1 {
            if let meets = Self.meetsEnum(along: operation.path, in: state) { meetsEnum[store, default: [:]][Self.shape(of: operation.path)] = meets }
        }
        return state
    }

    /// The state after `entry` from the one followed after the action just before it, or `nil`
    /// (and nothing followed any more) when there is none or the changes do not apply.
    private func follow(_ store: String, to entry: ActionEntry) -> TraceValue? {
        guard var kept = followed.removeValue(forKey: store), kept.seq &+ 1 == entry.seq, !entry.keyframeLeftOut else { return nil }
        if let keyframe = entry.keyframe {
            kept.state = keyframe
        } else {
            do { try kept.state.apply(entry.operations) } catch { return nil }
        }
        followed[store] = (entry.seq, kept.state)
        return kept.state
    }

    /// The path without its indices and keys: `.items[].name`.
    private static func shape(of path: [PathComponent]) -> String {
        path.map { component -> String in
            switch component {
            case .index, .key: "[]"
            case .field, .some: component.description
            }
        }.joined()
    }

    /// Whether a node on the way to the end of `path` (the end itself aside) is an enum, or
    /// `nil` when `state` does not have the way.
    private static func meetsEnum(along path: [PathComponent], in state: TraceValue) -> Bool? {
        var current = state
        for component in path.dropLast() {
            if case .enumeration = current { return true }
            guard let child = current.child(component) else { return nil }
            current = child
        }
        if case .enumeration = current { return true }
        return false
    }
}
