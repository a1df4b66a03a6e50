/// The history of one path: which actions changed it, from what to what.
extension TraceSession {
    /// One change of the path a blame follows.
    public struct PathChange: Sendable {
        /// The action that made it.
        public var entry: ActionEntry
        /// The path that changed, as rendered (`.users[3].name`).
        public var path: String
        /// The value before (`nil`: the path did not exist, or ``isUnknown``).
        public var old: TraceValue?
        /// The value after (`nil`: the path no longer exists, or ``isUnknown`` and the action
        /// did not set the path itself).
        public var new: TraceValue?
        /// The state before the action was unknown (after a drop or damage): the action
        /// touched the path but the old value, and so the change, cannot be told.
        public var isUnknown: Bool
        /// When asked for summaries only: the ``TraceValue/shortDescription`` of the values
        /// before and after (`nil`: absent), with ``old`` and ``new`` left `nil`.
        public var summary: Summary?
        /// A redacted value at or under the path changed: the trace holds the same
        /// `<redacted>` node before and after, and only the patch says that the hidden value
        /// changed (``RedactedChanges``).
        public var hidesChange = false
        /// With ``isUnknown``: the action removed the path (``new`` is `nil` for that reason).
        public var isRemoval = false
        /// A change told by the keyframe that ends a drop: the first dropped action. Any of the
        /// actions from it to ``entry`` made it (they were lost, so which one is not known);
        /// ``old`` is the value before the drop and ``new`` the keyframe's, and the change is
        /// reported only where the two differ.
        public var since: UInt64?
        /// The first of the store's actions before ``entry`` whose states were not recorded
        /// (the recorder coalesced states): ``entry``'s patch holds their changes too, so any
        /// of the actions from it to ``entry`` made this change.
        public var statesNotRecordedSince: UInt64?

        /// The short forms of a change's values.
        public struct Summary: Sendable, Hashable {
            public var old: String?
            public var new: String?
        }
    }

    /// What ``forEachChange(of:in:_:)`` meets in file order.
    public enum PathChangeItem: Sendable {
        /// An action changed the path.
        case change(PathChange)
        /// Records lost here; changes in them are unknown.
        case damage(Damage)
        /// The recorder dropped these actions; changes in them are unknown.
        case dropped(first: UInt64, last: UInt64)
    }

    /// Calls `body` with every change of what `pattern` names (the path or anything under
    /// it) in `store`, in file order. Replays the store's state from its first keyframe,
    /// holding one state at a time.
    ///
    /// - Parameters:
    ///   - pattern: the path; with `[*]`, each concrete path is reported on its own.
    ///   - store: the store.
    ///   - body: return `false` to stop.
    ///   - resume: start at this action instead of the first, from the state before it (a
    ///     page of an answer that resumes where the previous one stopped, without replaying
    ///     what came before from the first keyframe). A change made across a drop that ends
    ///     after `resume` is then told as made with the state unknown.
    ///   - summarizing: report the values' short forms only (``PathChange/summary``): then a
    ///     change made by `set`s under the path is told by comparing what they set, and the
    ///     node is not held while the patch applies, so blaming a huge node (the root of a
    ///     2M-node state) costs the patches, not a copy of the node per change.
    public func forEachChange(
        of pattern: PathPattern, in store: String, from resume: UInt64? = nil, summarizing: Bool = false, _ body: (PathChangeItem) throws -> Bool
    ) rethrows {
        let first = max(seqRange?.lowerBound ?? 1, resume ?? 0)
        var current: TraceValue? = state(of: store, after: first > 0 ? first - 1 : 0).value
        // The state before the store's latest drop, and its first dropped action: the keyframe
        // that follows tells what changed across it.
        var beforeDrop: (state: TraceValue, first: UInt64)?
        try forEachAction(in: resume.map { $0...UInt64.max }) { item in
            let entry: ActionEntry
            switch item {
            case let .damage(damage):
                current = nil
                beforeDrop = nil
                return try body(.damage(damage))
            case let .action(action):
                entry = action
            }
            // Actions lost after this one leave the state unknown until the next keyframe.
            let drops = entry.events.compactMap { if case let .dropped(dropped) = $0 { dropped } else { nil } }
            defer {
                if let drop = drops.first {
                    if let current { beforeDrop = (current, drop.firstSeq) }
                    current = nil
                }
            }
            guard entry.action.store == store else {
                return try drops.allSatisfy { try body(.dropped(first: $0.firstSeq, last: $0.lastSeq)) }
            }
            guard entry.stateRecorded else {
                return try drops.allSatisfy { try body(.dropped(first: $0.firstSeq, last: $0.lastSeq)) }
            }
            // Each change this action's patch tells, with the actions whose states it covers.
            func tell(_ change: PathChange) throws -> Bool {
                var change = change
                change.statesNotRecordedSince = entry.statesNotRecordedSince
                return try body(.change(change))
            }
            var operations = entry.operations
            if let keyframe = entry.keyframe {
                if let current, !pattern.hasWildcard, let old = pattern.node(in: current), let new = pattern.node(in: keyframe) {
                    // One node is reported, when it differs: compare it, not the whole state (a
                    // keyframe of a million entries was compared entry by entry). Where the
                    // node is missing on either side (removed, or under a redacted value whose
                    // change only the comparison tells), the whole states are compared.
                    operations = old == new ? [] : [.set(path: [], value: keyframe)]
                } else {
                    operations = current.map { StateChanges.operations(from: $0, to: keyframe) } ?? [.set(path: [], value: keyframe)]
                }
            }
            let touching = operations.filter { pattern.overlaps($0) }
            if summarizing, entry.keyframe == nil, current != nil, let deeper = Self.setsBelow(pattern, touching) {
                guard let change = Self.summarizedChange(of: pattern, in: &current, entry: entry, sets: deeper) else {
                    return try drops.allSatisfy { try body(.dropped(first: $0.firstSeq, last: $0.lastSeq)) }
                }
                guard try tell(change) else { return false }
                return try drops.allSatisfy { try body(.dropped(first: $0.firstSeq, last: $0.lastSeq)) }
            }
            let known = current != nil
            if !known, let keyframe = entry.keyframe, let (old, since) = beforeDrop {
                // Known again: compare with the state before the drop, and tell the change as
                // made somewhere from the first dropped action to this one.
                beforeDrop = nil
                current = keyframe
                for change in Self.changesAcrossDrop(of: pattern, from: old, to: keyframe, entry: entry, since: since) {
                    guard try tell(change) else { return false }
                }
                return try drops.allSatisfy { try body(.dropped(first: $0.firstSeq, last: $0.lastSeq)) }
            }
            if !known, !touching.isEmpty {
                // The state before is unknown, so the node the pattern names is too; but each
                // operation carries its own new value: report it where it was written. A
                // keyframe tells the node itself.
                var changes = Self.changesWithUnknownState(touching, entry: entry)
                if let keyframe = entry.keyframe {
                    current = keyframe
                    changes = pattern.hasWildcard
                        ? pattern.nodes(in: keyframe).map { PathChange(entry: entry, path: renderPath($0.path, in: keyframe), old: nil, new: $0.value, isUnknown: true) }
                        : [PathChange(entry: entry, path: pattern.description, old: nil, new: pattern.node(in: keyframe), isUnknown: true)]
                }
                for change in changes {
                    guard try tell(change) else { return false }
                }
                return try drops.allSatisfy { try body(.dropped(first: $0.firstSeq, last: $0.lastSeq)) }
            }
            // Each place's path: `nil` for the pattern as written, else the concrete path,
            // rendered once the state after the action names the cases on the way.
            var before: [(path: [PathComponent]?, locate: (TraceValue) -> TraceValue?, old: TraceValue?, hidesChange: Bool)] = []
            if !touching.isEmpty {
                if !pattern.hasWildcard {
                    let hidden = touching.contains { Self.setsRedacted($0) && pattern.concretePrefix(of: $0.path) != nil }
                    before = [(nil, { pattern.node(in: $0) }, current.flatMap { pattern.node(in: $0) }, hidden)]
                } else {
                    var seen = Set<[PathComponent]>()
                    for operation in touching {
                        let path = pattern.concretePrefix(of: operation.path) ?? pattern.extending(operation.path) ?? operation.path
                        guard seen.insert(path).inserted else { continue }
                        let hidden = touching.contains { Self.setsRedacted($0) && $0.path.starts(with: path) }
                        // An element inserted, removed or moved is not the element that was, or
                        // is now, at its index: compare it with nothing, or with itself.
                        let placed = Self.placement(of: path, by: touching)
                        before.append((
                            placed.after ?? path, { state in placed.after.flatMap { state.node(at: $0) } },
                            placed.before.flatMap { current?.node(at: $0) }, hidden))
                    }
                }
            }
            // A place whose node the action removes is told from the state before it: what it
            // needs of that state is taken now, so the state is not held while the patch is
            // applied (held, it made the patch copy every collection on its path: the users
            // array at every action).
            let removedPlaces = before.map { place -> (namesCases: Bool, rendered: String) in
                guard let path = place.path else { return (true, pattern.description) }
                return (current.map { pattern.namesCases(along: path, in: $0) } ?? true, renderPath(path, in: current))
            }
            if let keyframe = entry.keyframe {
                current = keyframe
            } else if current != nil {
                do { try current!.apply(entry.operations) } catch { current = nil }
            }
            for ((path, locate, old, hidesChange), removed) in zip(before, removedPlaces) {
                let new = current.flatMap(locate)
                guard old != new || hidesChange else { continue }
                // A removed node's cases are in the state before; a place whose enum is not
                // the case the pattern names is not the place asked about.
                let rendered: String
                if new == nil {
                    guard removed.namesCases else { continue }
                    rendered = removed.rendered
                } else {
                    if let path, let current, !pattern.namesCases(along: path, in: current) { continue }
                    rendered = path.map { renderPath($0, in: current) } ?? pattern.description
                }
                var change = PathChange(entry: entry, path: rendered, old: old, new: new, isUnknown: false)
                change.hidesChange = hidesChange && old == new
                guard try tell(change) else { return false }
            }
            return try drops.allSatisfy { try body(.dropped(first: $0.firstSeq, last: $0.lastSeq)) }
        }
    }

    /// The nodes `pattern` names that differ between `old` (before a drop) and `keyframe` (the
    /// first state known after it), each as a change made in `since`...`entry`.
    private static func changesAcrossDrop(
        of pattern: PathPattern, from old: TraceValue, to keyframe: TraceValue, entry: ActionEntry, since: UInt64
    ) -> [PathChange] {
        func change(_ path: String, _ before: TraceValue?, _ after: TraceValue?) -> PathChange {
            var change = PathChange(entry: entry, path: path, old: before, new: after, isUnknown: true)
            change.since = since
            return change
        }
        guard pattern.hasWildcard else {
            let before = pattern.node(in: old), after = pattern.node(in: keyframe)
            return before == after ? [] : [change(pattern.description, before, after)]
        }
        let before = pattern.nodes(in: old), after = pattern.nodes(in: keyframe)
        let beforeByPath = Dictionary(before.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
        let afterPaths = Set(after.map(\.path))
        return after.compactMap { node in beforeByPath[node.path] == node.value ? nil : change(renderPath(node.path, in: keyframe), beforeByPath[node.path], node.value) }
            + before.filter { !afterPaths.contains($0.path) }.map { change(renderPath($0.path, in: old), $0.value, nil) }
    }

    /// Where the element holding `path` was before the patch and is after it, for a `[*]`
    /// blame: `path` itself, unless an element on the way was inserted (nothing before),
    /// removed (nothing after) or moved (after: at its new index). An element removed and
    /// inserted at one index is a replacement, compared in place.
    static func placement(of path: [PathComponent], by operations: [PatchOperation]) -> (before: [PathComponent]?, after: [PathComponent]?) {
        var inserted = false, removed = false
        var after: [PathComponent]? = path
        for operation in operations where path.starts(with: operation.path) {
            switch operation {
            case .insert: inserted = true
            case .remove: removed = true
            case let .move(from, destination):
                after = Array(from.dropLast()) + [.index(destination)] + path.dropFirst(from.count)
            case .set: break
            }
        }
        if inserted, !removed { return (nil, after) }
        if removed, !inserted { return (path, nil) }
        return (path, after)
    }

    /// Whether `operation` writes a redacted value: the hidden value changed (the recorder
    /// writes only changed values), though the node reads the same.
    private static func setsRedacted(_ operation: PatchOperation) -> Bool {
        if case .set(_, .redacted) = operation { true } else { false }
    }

    /// The changes an action made while the state before it was unknown: one per place its
    /// patch (or keyframe) wrote under the path, the last write to each place, with the value
    /// written there (`nil` for a removal).
    private static func changesWithUnknownState(_ touching: [PatchOperation], entry: ActionEntry) -> [PathChange] {
        var changes: [PathChange] = []
        for operation in touching {
            let path = renderPath(operation.path)
            var change = PathChange(entry: entry, path: path, old: nil, new: nil, isUnknown: true)
            switch operation {
            case let .set(_, value), let .insert(_, value): change.new = value
            case .remove: change.isRemoval = true
            case let .move(_, destination):
                change.path = renderPath(Array(operation.path.dropLast()) + [.index(destination)])
            }
            changes.removeAll { $0.path == change.path }
            changes.append(change)
        }
        return changes
    }

    /// The paths of `touching` when they are all `set`s strictly under a pattern without
    /// wildcards, none under another: then the node changed exactly when one of them set a
    /// different value. `nil` otherwise (the node is compared whole).
    private static func setsBelow(_ pattern: PathPattern, _ touching: [PatchOperation]) -> [[PathComponent]]? {
        guard !pattern.hasWildcard, !touching.isEmpty else { return nil }
        let depth = pattern.steps.filter { $0 != .some }.count
        var paths: [[PathComponent]] = []
        for operation in touching {
            guard case let .set(path, _) = operation, path.filter({ $0 != .some }).count > depth else { return nil }
            paths.append(path)
        }
        for (i, a) in paths.enumerated() {
            for b in paths[(i + 1)...] where a.starts(with: b) || b.starts(with: a) { return nil }
        }
        return paths
    }

    /// Applies `entry`'s patch to `current` and tells how the node `pattern` names changed,
    /// holding only the short forms of the node and the old values at `sets` meanwhile.
    private static func summarizedChange(
        of pattern: PathPattern, in current: inout TraceValue?, entry: ActionEntry, sets: [[PathComponent]]
    ) -> PathChange? {
        guard var state = current else { return nil }
        current = nil
        let oldSummary = pattern.node(in: state)?.shortDescription
        let oldValues = sets.map { state.node(at: $0) }
        do { try state.apply(entry.operations) } catch {
            // As the whole comparison: the state is unknown from here, the node gone.
            return oldSummary == nil ? nil : PathChange(entry: entry, path: pattern.description, old: nil, new: nil, isUnknown: false, summary: .init(old: oldSummary, new: nil))
        }
        current = state
        let hidden = entry.operations.contains { setsRedacted($0) && sets.contains($0.path) }
        let changed = zip(sets, oldValues).contains { state.node(at: $0) != $1 }
        guard changed || hidden else { return nil }
        var change = PathChange(
            entry: entry, path: pattern.description, old: nil, new: nil, isUnknown: false,
            summary: .init(old: oldSummary, new: pattern.node(in: state)?.shortDescription))
        change.hidesChange = !changed
        return change
    }
}
