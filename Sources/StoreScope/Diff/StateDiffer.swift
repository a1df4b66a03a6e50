/// Computes the patch between two consecutive states without capturing them whole: the
/// engine behind ``capturePatch(from:to:options:)``.
///
/// It walks old and new together and descends only where they differ: `Equatable` values are
/// compared with `==` through an opened existential, arrays sharing storage are skipped in
/// O(1), arrays, dictionaries and sets take typed paths (conditional conformances found by one
/// dynamic cast), collections recorded as their elements (``TraceCapturedAsElements``, custom
/// mirrors of style `.collection`) take the arrays' path, `Identifiable` elements are matched
/// by id, and only changed structs and enums are reflected with `Mirror`. Each node is treated
/// in the order ``ValueCapturer`` uses, so the emitted values are exactly what a full capture
/// would hold there.
struct StateDiffer {
    /// The limits and redaction in force (the same as the keyframe's).
    let options: CaptureOptions
    /// The operations found so far.
    var operations: [PatchOperation] = []
    /// The path of the node being compared.
    var path: [PathComponent] = []

    init(options: CaptureOptions) {
        self.options = options
    }

    /// Appends the operations that turn `old` into `new` (both at ``path``, at `depth`).
    mutating func diff(_ old: Any, _ new: Any, depth: Int) {
        guard ObjectIdentifier(type(of: old)) == ObjectIdentifier(type(of: new)) else {
            replace(old, new, depth: depth)
            return
        }
        let traits = TypeTraits.of(old)
        switch traits.path {
        case .optional:
            traits.diff!(old, new, &self, depth)
            return
        case .scalar:
            // Compared as captured leaves: `==` would miss 0.0 -> -0.0 and call nan unequal.
            let after = traits.scalar!(new, options.redaction)
            if traits.scalar!(old, options.redaction) != after { operations.append(.set(path: path, value: after)) }
            return
        case .custom:
            if let equals = traits.equals, equals(old, new) { return }
            if diffRedactedWrappers(old, new, depth: depth) { return }
            replace(old, new, depth: depth)
            return
        default:
            break
        }
        // Both sides are captured as `.truncated(.depth)` of the same type.
        if depth >= options.maximumDepth { return }
        if traits.path == .collection {
            traits.diff!(old, new, &self, depth)
            return
        }
        if traits.isClass {
            // The same instance captures alike (its id, and fields that cannot change); `==`
            // on another instance says nothing about its id.
            if (old as AnyObject) === (new as AnyObject) { return }
            replace(old, new, depth: depth)
            return
        }
        if let equals = traits.equals, prunesWithEquals(old, new, traits: traits), equals(old, new) { return }
        if traits.path == .encoding {
            replaceMarkingHiddenChanges(old, new, depth: depth)
            return
        }
        diffReflecting(old, new, traits: traits, depth: depth)
    }

    /// Appends the operations that turn the root `old` into `new` (at depth 0).
    mutating func diff<Value>(root old: Value, _ new: Value) {
        diff(root: old, new, traits: TypeTraits.of(type: Value.self))
    }

    /// Appends the operations that turn the root `old` into `new`, given their static type's
    /// `traits` (``TypeTraits/of(type:)``, kept by a caller that diffs one type again and again).
    mutating func diff<Value>(root old: Value, _ new: Value, traits: TypeTraits) {
        // An existential or a class may hold values of other dynamic types.
        guard traits.isExact else {
            diff(old, new, depth: 0)
            return
        }
        withUnsafePointer(to: old) { oldAddress in
            withUnsafePointer(to: new) { newAddress in
                diff(at: UnsafeRawPointer(oldAddress), UnsafeRawPointer(newAddress), traits: traits, depth: 0)
            }
        }
    }

    /// Appends the operations that turn the value at `old` into the one at `new`, both of the
    /// exact type `traits` describes, read where they are stored.
    ///
    /// Each node is treated as ``diff(_:_:depth:)`` treats it and in the same order; what has
    /// no in-place path is loaded into an `Any` and diffed that way.
    mutating func diff(
        at old: UnsafeRawPointer, _ new: UnsafeRawPointer, traits: TypeTraits, depth: Int
    ) {
        switch traits.path {
        case .scalar:
            // Compared as captured leaves, as `diff` compares scalars.
            let after = traits.scalarAt!(new, options.redaction)
            if traits.scalarAt!(old, options.redaction) != after { operations.append(.set(path: path, value: after)) }
            return
        case .reflection where depth >= options.maximumDepth:
            // Both sides are captured as `.truncated(.depth)` of the same type.
            return
        case .collection where depth < options.maximumDepth:
            // Arrays of `Equatable` elements without boxing them (``_EquatableElements``).
            if let arrays = traits.equatableElements {
                arrays._diffArrays(at: old, new, traits: traits, with: &self, depth: depth)
                return
            }
        case .reflection:
            if let layout = traits.structLayout {
                // Equal bytes capture alike; `==` still prunes what it calls equal.
                switch layout.changes(old, new) {
                case .none: return
                case .onlyCollections: break  // see ``onlyCollectionsDiffer(_:_:_:)``
                case .others: if let equalsAt = traits.equalsAt, equalsAt(old, new) { return }
                }
                diffStoredFields(layout.fields, redaction: layout.redaction, old, new, payload: false, depth: depth)
                return
            }
            if let layout = traits.enumLayout, layout.readsInPlace, let oldCase = layout.knownCase(at: old),
                let newCase = layout.knownCase(at: new)
            {
                if let equalsAt = traits.equalsAt, equalsAt(old, new) { return }
                guard oldCase === newCase else {
                    replace(ValueAddress.load(traits.type, at: old), ValueAddress.load(traits.type, at: new), depth: depth)
                    return
                }
                guard oldCase.hasPayload else { return }
                layout.withPayload(of: old) { oldPayload in
                    layout.withPayload(of: new) { newPayload in
                        diffStoredFields(oldCase.fields, redaction: oldCase.redaction, oldPayload, newPayload, payload: true, depth: depth)
                    }
                }
                return
            }
        default:
            break
        }
        diff(ValueAddress.load(traits.type, at: old), ValueAddress.load(traits.type, at: new), depth: depth)
    }

    /// Whether a struct whose only changed fields are arrays, dictionaries or sets is better
    /// compared field by field: each collection prunes itself with `==` first, and the
    /// struct's `==` would compare the changed collection up to its change a second time.
    static func onlyCollectionsDiffer(_ layout: StructLayout, _ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        layout.changes(old, new) != .others
    }

    /// Whether `==` on two values of this type should prune before they are diffed: not for a
    /// struct whose only changed fields are collections (see ``onlyCollectionsDiffer(_:_:_:)``).
    private func prunesWithEquals(_ old: Any, _ new: Any, traits: TypeTraits) -> Bool {
        guard let layout = traits.structLayout else { return true }
        if let only = layout.withAddresses(of: old, new, { Self.onlyCollectionsDiffer(layout, $0, $1) }) { return !only }
        // An existential nested in the `Any`s (see ``ValueAddress``): cast the values out.
        func typed<Value>(_: Value.Type) -> Bool {
            guard let old = old as? Value, let new = new as? Value else { return true }
            return withUnsafePointer(to: old) { oldAddress in
                withUnsafePointer(to: new) { !Self.onlyCollectionsDiffer(layout, oldAddress, $0) }
            }
        }
        return _openExistential(traits.type, do: typed)
    }

    /// ``path`` followed by `component`, in an array of its own.
    func path(appending component: PathComponent) -> [PathComponent] {
        if path.isEmpty { return [component] }
        var result: [PathComponent] = []
        result.reserveCapacity(path.count + 1)
        result.append(contentsOf: path)
        result.append(component)
        return result
    }

    /// Compares the captures of `old` and `new` and appends the operations between them.
    mutating func replace(_ old: Any, _ new: Any, depth: Int) {
        let before = capture(old, depth: depth)
        let after = capture(new, depth: depth)
        TreeDiff.append(from: before, to: after, at: &path, into: &operations)
    }

    /// Captures a value that goes into or leaves the tree on a changed path.
    func capture(_ value: Any, depth: Int) -> TraceValue {
        var capturer = ValueCapturer(options: options)
        return capturer.capture(value, depth: depth)
    }

    /// Whether `old` and `new` capture alike (a diff that finds nothing).
    mutating func isUnchanged(_ old: Any, _ new: Any, depth: Int) -> Bool {
        let start = operations.count
        diff(old, new, depth: depth)
        defer { operations.removeSubrange(start...) }
        return operations.count == start
    }
}
