import TraceFormat

/// A patch that sets some of the root's visible scalar fields and nothing else, as a
/// ``StatePatcher`` finds it (``RootScalarFields``): which fields, not yet their operations.
///
/// The recorder's worker writes it to the trace straight from the new state
/// (``append(of:seq:store:to:)``): each field's path and leaf go to the encoder as the `set`
/// operations the record `.patch(StatePatch(…))` would hold, which is never built. The bytes
/// are the same.
package struct RootScalarPatch {
    /// The patcher's fields, lent (see ``StatePatcher/find(from:to:)``).
    let fields: Unmanaged<RootScalarFields>
    /// Bit `i` set: field `i`'s leaf changed.
    @usableFromInline let changed: UInt64

    /// Whether the states are equal as captured: no operation, no record. Inlinable, as it
    /// is in the worker's module, for callers in others (the benchmark).
    @inlinable package var isEmpty: Bool { changed == 0 }

    /// The number of `set` operations.
    @inlinable package var operationCount: Int {
        // Bit by bit: most patches set one field, and `nonzeroBitCount` without the CPU's
        // population count (not in baseline x86-64) is a dozen instructions whatever the bits.
        var count = 0, bits = changed
        while bits != 0 {
            bits &= bits &- 1
            count &+= 1
        }
        return count
    }

    /// Appends the operations to `operations`, `state` being the new state of the change.
    func appendOperations<State>(of state: State, to operations: inout [PatchOperation]) {
        withUnsafePointer(to: state) { root in
            fields._withUnsafeGuaranteedRef { fields in
                fields.forEachSet(of: changed, in: UnsafeRawPointer(root)) { field, value in
                    operations.append(.set(path: fields.path(ofField: field), value: value))
                }
            }
        }
    }

    /// Appends the patch record of action `seq` of the store `store` to `writer`, `state` being
    /// the new state of the change: the record ``TraceWriter/append(_:)`` would write for
    /// ``StatePatcher/patch(from:to:)``'s operations.
    ///
    /// - Throws: as ``TraceWriter/append(_:)``.
    package func append<State>(of state: State, seq: UInt64, store: String, to writer: TraceWriter) throws(TraceError) {
        try withUnsafePointer(to: state) { (root) throws(TraceError) in
            try append(ofRootAt: UnsafeRawPointer(root), seq: seq, store: store, to: writer)
        }
    }

    /// ``append(of:seq:store:to:)`` for the new state at `root`: not generic, so that the
    /// closures into the writer and the field loop are compiled for the one type they serve
    /// (in the generic function they cost ~150 instructions a patch).
    func append(ofRootAt root: UnsafeRawPointer, seq: UInt64, store: String, to writer: TraceWriter) throws(TraceError) {
        let fields = fields, changed = changed
        try writer.appendPatch(seq: seq, store: store, operationCount: operationCount) { encoder in
            fields._withUnsafeGuaranteedRef { fields in
                fields.forEachSet(of: changed, in: root) { field, value in
                    encoder.encodeSet(field: fields.name(ofField: field), value: value)
                }
            }
        }
    }
}
