import TraceFormat

/// Finds the patches between one store's consecutive states, as
/// ``capturePatch(from:to:options:)`` does, keeping its buffers from one patch to the next:
/// what the recorder's worker runs for every recorded action.
///
/// The operations array, the path of the node being compared and the state type's traits are
/// kept: a fresh differ allocated and freed the first two for every patch and looked the traits
/// up in the shared table (together about 380 of a scalar-only change's 2,000 instructions).
/// A change of the root's scalar fields alone takes ``RootScalarFields``' fast path.
package struct StatePatcher {
    private var differ: StateDiffer
    /// The state type the latest patch was found for.
    private var rootType: ObjectIdentifier?
    /// That type's traits.
    private var rootTraits: TypeTraits?
    /// The fast path for that type's scalar-only changes, when it has one.
    private var rootScalars: RootScalarFields? {
        didSet { rootScalarsRef = rootScalars.map(Unmanaged.passUnretained) }
    }
    /// ``rootScalars``, which holds it, read without a retain and a release per patch (~85
    /// instructions of a scalar-only change's ~1,900), and lent so to the patches it finds.
    private var rootScalarsRef: Unmanaged<RootScalarFields>?
    /// How many patches the fast path found (tests pin where it applies).
    private(set) var scalarOnlyPatches = 0

    /// A patcher for states captured with `options` (the keyframes' options).
    package init(options: CaptureOptions) {
        differ = StateDiffer(options: options)
    }

    /// A patch as ``find(from:to:)`` found it.
    package enum Found {
        /// Only visible scalar fields of the root changed: their `set` operations, not built.
        case rootScalars(RootScalarPatch)
        /// The operations (in the patcher's buffer, see ``patch(from:to:)``).
        case operations([PatchOperation])
    }

    /// The patch that turns the capture of `old` into the capture of `new`: the same
    /// operations ``capturePatch(from:to:options:)`` returns. The array's buffer is reused by
    /// the next call when the caller no longer holds it by then.
    package mutating func patch<State>(from old: State, to new: State) -> [PatchOperation] {
        switch find(from: old, to: new) {
        case let .operations(operations):
            return operations
        case let .rootScalars(patch):
            patch.appendOperations(of: new, to: &differ.operations)
            return differ.operations
        }
    }

    /// The patch that turns the capture of `old` into the capture of `new`, as
    /// ``patch(from:to:)`` finds it, leaving the operations of a change of the root's scalar
    /// fields alone unbuilt: the recorder's worker writes those straight to the trace
    /// (``RootScalarPatch/append(of:seq:store:to:)``). A ``RootScalarPatch`` is used while
    /// this patcher lives and before it finds a patch of another state type: it reads the
    /// fields this patcher keeps.
    package mutating func find<State>(from old: State, to new: State) -> Found {
        // Most often empty: a scalar-only change leaves none, and the call cost ~15 instructions.
        if !differ.operations.isEmpty { Self.clear(&differ.operations) }
        if rootType != ObjectIdentifier(State.self) {
            let traits = TypeTraits.of(type: State.self)
            rootType = ObjectIdentifier(State.self)
            rootTraits = traits
            rootScalars = RootScalarFields(traits: traits, options: differ.options)
        }
        if let rootScalars = rootScalarsRef {
            let changed = withUnsafePointer(to: old) { old in
                withUnsafePointer(to: new) { new in
                    rootScalars._withUnsafeGuaranteedRef { $0.changedLeaves(UnsafeRawPointer(old), UnsafeRawPointer(new)) }
                }
            }
            if let changed {
                scalarOnlyPatches &+= 1
                return .rootScalars(RootScalarPatch(fields: rootScalars, changed: changed))
            }
        }
        differ.path.removeAll(keepingCapacity: true)
        differ.diff(root: old, new, traits: rootTraits.unsafelyUnwrapped)
        return .operations(differ.operations)
    }

    /// Empties `operations`, keeping its buffer: one at a time for the few operations of most
    /// patches (`removeAll(keepingCapacity:)` costs ~200 instructions for one).
    private static func clear(_ operations: inout [PatchOperation]) {
        if operations.count > 8 {
            operations.removeAll(keepingCapacity: true)
            return
        }
        while !operations.isEmpty { operations.removeLast() }
    }
}
