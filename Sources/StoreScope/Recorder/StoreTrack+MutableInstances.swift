import TraceFormat

/// The warning a store gets, once, when its state holds class instances the recorder can only
/// record by identity (`.reference` nodes: mutable classes, see ``captureValue(_:options:)``).
/// Their in-place changes never reach the trace, so an action that only mutates such an
/// instance looks like an action that changed nothing; the app's developer should know that
/// at record time, not find it out from a trace that seems wrong.
///
/// The warning goes to ``RecorderConfiguration/diagnostics`` (standard error by default) and
/// into the trace as a `warning` log record, so a reader of the trace sees it too. Checking
/// costs a walk of each keyframe's tree and of the new values of each patch whose encoding met
/// a reference (``TraceWriter/referenceValuesAppended``), on the worker, until the store has
/// been warned; after that, nothing.
extension StoreTrack {
    /// Warns once if `tree`, a keyframe of the store's state after action `seq` (sent at `nanos`,
    /// monotonic: the warning's time in the trace), holds references.
    func warnOfMutableInstances(inKeyframe tree: TraceValue, seq: UInt64, at nanos: UInt64, worker: RecorderWorker) {
        guard !warnedOfMutableInstances else { return }
        var types: [String] = []
        tree.collectReferenceTypes(into: &types)
        warnOfMutableInstances(types, seq: seq, at: nanos, worker: worker)
    }

    /// Warns once if the values `operations` put into the store's state hold references.
    func warnOfMutableInstances(inPatch operations: [PatchOperation], seq: UInt64, at nanos: UInt64, worker: RecorderWorker) {
        guard !warnedOfMutableInstances else { return }
        var types: [String] = []
        for operation in operations {
            switch operation {
            case let .set(_, value), let .insert(_, value): value.collectReferenceTypes(into: &types)
            case .remove, .move: break
            }
        }
        warnOfMutableInstances(types, seq: seq, at: nanos, worker: worker)
    }

    private func warnOfMutableInstances(_ types: [String], seq: UInt64, at nanos: UInt64, worker: RecorderWorker) {
        guard !types.isEmpty else { return }
        warnedOfMutableInstances = true
        let message = Self.mutableInstancesWarning(store: name, types: types)
        worker.configuration.diagnostics(message)
        worker.append(.log(LogRecord(level: .warning, message: message, monotonicNanos: nanos, seq: seq)))
    }

    /// The warning's text: which store, which classes, what it means and what to do.
    static func mutableInstancesWarning(store: String, types: [String]) -> String {
        let shown = types.prefix(3).joined(separator: ", ") + (types.count > 3 ? ", …" : "")
        return "the state of store \"\(store)\" holds instances of mutable classes (\(shown)): they are recorded by reference, "
            + "their identity only, so changes made inside them in place are not in the trace (keep that data in value types, "
            + "or conform the class to TraceValueConvertible)"
    }
}

extension TraceValue {
    /// Appends the type of every `.reference` node in the tree not already in `types`, in
    /// the order found; stops looking once 4 are known (the warning names 3).
    fileprivate func collectReferenceTypes(into types: inout [String]) {
        guard types.count < 4 else { return }
        if case let .reference(type, _) = self, !types.contains(type) { types.append(type) }
        forEachChild { child in
            child.collectReferenceTypes(into: &types)
            return types.count < 4
        }
    }
}
