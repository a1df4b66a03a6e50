/// The places where a redacted value changed, for ``DiffRendering``: the trees before and after
/// hold the same `redacted` node there, so only the patches say that the hidden value changed.
///
/// The recorder writes such a change as a `set` of the redacted node (docs/FORMAT.md, "Patch
/// operations"). Collect the operations of every action between the two states, in order;
/// later inserts, removes and moves in an array carry the places along, as they carry the
/// values, so the places are those of the later state.
///
/// ```swift
/// var hidden = RedactedChanges()
/// for entry in entries { hidden.add(entry.operations) }
/// let text = DiffRendering.render(from: old, to: new, redactedChanges: hidden)
/// ```
public struct RedactedChanges: Sendable, Hashable {
    /// The paths of the changed redacted nodes, as written in the patches.
    public private(set) var paths: [[PathComponent]] = []

    /// No change.
    public init() {}

    /// The changes of one patch.
    ///
    /// - Parameter operations: the patch's operations, in order.
    public init(_ operations: [PatchOperation]) {
        add(operations)
    }

    /// Whether no redacted value changed.
    public var isEmpty: Bool { paths.isEmpty }

    /// Adds the changes of the next patch.
    ///
    /// - Parameter operations: its operations, in order.
    public mutating func add(_ operations: [PatchOperation]) {
        for operation in operations {
            if case let .set(path, .redacted) = operation {
                if !paths.contains(path) { paths.append(path) }
                continue
            }
            paths = paths.compactMap { Self.carry($0, through: operation) }
        }
    }

    /// Where `path` is after `operation` (`nil` when the operation removed or replaced it).
    private static func carry(_ path: [PathComponent], through operation: PatchOperation) -> [PathComponent]? {
        let target = operation.path
        guard target.count <= path.count else { return path }
        if case .set = operation {
            // A new value at or above the place: its redacted node, if any, is new too.
            return Array(path.prefix(target.count)) == target ? nil : path
        }
        // An insert, remove or move in the array `path` goes through shifts its element.
        guard isSibling(target, of: path), case let .index(at) = target.last,
            case let .index(index) = path[target.count - 1]
        else { return path }
        let shifted: Int
        switch operation {
        case .set:
            return path
        case .remove:
            if index == at { return nil }
            shifted = index > at ? index - 1 : index
        case .insert:
            shifted = index >= at ? index + 1 : index
        case let .move(_, destination):
            if index == at {
                shifted = destination
            } else {
                let closed = at < index ? index - 1 : index
                shifted = destination <= closed ? closed + 1 : closed
            }
        }
        var carried = path
        carried[target.count - 1] = .index(shifted)
        return carried
    }

    /// Whether `target` names an element of the same array as `path` does at that depth: an
    /// insert, remove or move there shifts the element `path` goes through.
    private static func isSibling(_ target: [PathComponent], of path: [PathComponent]) -> Bool {
        guard case .index = target.last, case .index = path[target.count - 1] else { return false }
        return Array(path.prefix(target.count - 1)) == target.dropLast()
    }

    /// The changes below the place `pattern` names, with paths relative to it (for a diff of
    /// one part of the state).
    public func relative(to pattern: PathPattern) -> RedactedChanges {
        var result = RedactedChanges()
        let wanted = pattern.steps.filter { $0 != .some }
        for path in paths {
            var taken = 0, length = 0
            while taken < wanted.count, length < path.count {
                if path[length] != .some {
                    guard PathPattern.step(wanted[taken], matches: path[length]) else { break }
                    taken += 1
                }
                length += 1
            }
            if taken == wanted.count { result.paths.append(Array(path.dropFirst(length))) }
        }
        return result
    }

    /// A change that a diff shows: the later tree still has a redacted node there. (The earlier
    /// tree may have it at another index, before an insert or remove; the renderer pairs the
    /// elements and marks the node only where it reads the same on both sides.)
    struct Shown {
        /// The path as the patch wrote it.
        var path: [PathComponent]
        /// The path as the renderer walks it: without `.some` steps (it unwraps optionals as it
        /// goes), and fields by position (a patch may name them either way).
        var steps: [PathComponent]
        /// The redacted node.
        var node: TraceValue
    }

    /// The changes a diff to `new` shows.
    func shown(in new: TraceValue) -> [Shown] {
        paths.compactMap { path in
            guard let (steps, node) = Self.walk(path, in: new), case .redacted = node else { return nil }
            return Shown(path: path, steps: steps, node: node)
        }
    }

    /// The node at `path`, looking through optionals, and the renderer's steps to it.
    private static func walk(_ path: [PathComponent], in value: TraceValue) -> ([PathComponent], TraceValue)? {
        var current = value
        var steps: [PathComponent] = []
        for component in path where component != .some {
            while case let .some(wrapped) = current { current = wrapped }
            guard let child = current.child(component) else { return nil }
            switch (current, component) {
            case let (.structure(_, fields), .field(name)), let (.object(_, _, fields), .field(name)),
                let (.enumeration(_, _, fields), .field(name)):
                guard let position = fields.firstIndex(where: { $0.name == name }) else { return nil }
                steps.append(.index(position))
            default:
                steps.append(component)
            }
            current = child
        }
        while case let .some(wrapped) = current { current = wrapped }
        return (steps, current)
    }
}
