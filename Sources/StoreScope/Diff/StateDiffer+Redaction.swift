/// A redacted value's change, recorded without its value.
///
/// A redacted node holds only a type name, so a new value of the same type captures exactly
/// as the old one did. The differ still records that it changed: a `set` of the redacted
/// node at its path, which leaves the reconstructed tree as it was and tells a reader
/// "changed, value redacted" (docs/FORMAT.md, §8). The value is compared in the app's
/// process, as unredacted patches compare it, and never written.
extension StateDiffer {
    /// Appends a `set` of the redacted node of `new` at `path` when the redacted value changed:
    /// when its node differs (another dynamic type) or when the hidden value does.
    mutating func diffRedacted(_ old: Any, _ new: Any, at path: [PathComponent], depth: Int) {
        let after = ValueCapturer.redactedNode(for: new)
        if ValueCapturer.redactedNode(for: old) != after || hiddenValueChanged(old, new, depth: depth) {
            operations.append(.set(path: path, value: after))
        }
    }

    /// Diffs two ``Redacted`` wrappers (a `.custom` node) like a redacted field.
    ///
    /// - Returns: `false` when the values are not ``Redacted`` wrappers.
    mutating func diffRedactedWrappers(_ old: Any, _ new: Any, depth: Int) -> Bool {
        guard let oldWrapper = old as? any _RedactedWrapper, let newWrapper = new as? any _RedactedWrapper else { return false }
        let after = newWrapper._redactedNode
        if oldWrapper._redactedNode != after || hiddenValueChanged(oldWrapper._hiddenValue, newWrapper._hiddenValue, depth: depth) {
            operations.append(.set(path: path, value: after))
        }
        return true
    }

    /// ``replace(_:_:depth:)`` for values compared as captured trees (values captured by
    /// encoding), plus a `set` of each redacted node inside them whose value changed.
    mutating func replaceMarkingHiddenChanges(_ old: Any, _ new: Any, depth: Int) {
        let before = capture(old, depth: depth)
        let after = capture(new, depth: depth)
        TreeDiff.append(from: before, to: after, at: &path, into: &operations)
        Self.markHiddenChanges(old, new, captured: before, after, options: options, depth: depth, at: &path, into: &operations)
    }

    /// Appends a `set` for each redacted node that the captures `before` and `after` of `old`
    /// and `new` both hold at the same path and whose value changed, found on captures taken
    /// without redaction by name (see ``HiddenChanges``). ``Redacted`` wrappers stay hidden
    /// from this comparison.
    static func markHiddenChanges(
        _ old: Any, _ new: Any, captured before: TraceValue, _ after: TraceValue, options: CaptureOptions, depth: Int,
        at path: inout [PathComponent], into operations: inout [PatchOperation]
    ) {
        guard !options.redaction.fieldPatterns.isEmpty else { return }
        var revealing = options
        revealing.redaction = .none
        var oldCapturer = ValueCapturer(options: revealing), newCapturer = ValueCapturer(options: revealing)
        HiddenChanges.append(
            from: before, to: after, revealedOld: oldCapturer.capture(old, depth: depth), revealedNew: newCapturer.capture(new, depth: depth),
            at: &path, into: &operations)
    }

    /// Whether an unredacted patch between `old` and `new` would hold any operation: the same
    /// pruning, limits and leaf comparisons as everywhere else (a NaN is unchanged, `0.0` to
    /// `-0.0` is a change).
    private func hiddenValueChanged(_ old: Any, _ new: Any, depth: Int) -> Bool {
        var probe = StateDiffer(options: options)
        probe.diff(old, new, depth: depth)
        return !probe.operations.isEmpty
    }
}

/// ``Redacted``, seen by the differ: the node it captures as and the value it hides.
protocol _RedactedWrapper {
    var _redactedNode: TraceValue { get }
    var _hiddenValue: Any { get }
}

extension Redacted: _RedactedWrapper {
    var _redactedNode: TraceValue { traceValue }
    var _hiddenValue: Any { value }
}
