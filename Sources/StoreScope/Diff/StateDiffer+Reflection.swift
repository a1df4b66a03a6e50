/// The differ's walk through values it reads by reflection: enums case by case, structs and
/// classes field by field, collections element by element.
extension StateDiffer {
    mutating func diffReflecting(_ old: Any, _ new: Any, traits: TypeTraits, depth: Int) {
        if let layout = traits.enumLayout, diffCases(old, new, layout: layout, depth: depth) { return }
        if traits.isPlainEnum {
            let caseName = TypeNames.caseName(of: old)
            guard caseName == TypeNames.caseName(of: new) else {
                replace(old, new, depth: depth)
                return
            }
            diffFields(
                RuntimeReflection.payloadFields(ofEnum: old), RuntimeReflection.payloadFields(ofEnum: new), of: old, new,
                owner: .enumCase(caseName), depth: depth)
            return
        }
        if let layout = traits.structLayout {
            let walked = layout.withAddresses(of: old, new) { oldBase, newBase in
                diffStoredFields(layout.fields, redaction: layout.redaction, oldBase, newBase, payload: false, depth: depth)
                return true
            }
            if walked == true { return }
        }
        if let reflected = traits.reflectedStruct {
            diffFields(reflected.fields(of: old), reflected.fields(of: new), of: old, new, owner: .fields, depth: depth)
            return
        }
        let oldMirror = Mirror(reflecting: old)
        switch oldMirror.displayStyle {
        case .struct?, .class?:
            // `.class` here is a value type's custom mirror (class instances took the class
            // path), captured as a structure.
            diffFields(Reflection.fields(oldMirror), Reflection.fields(Mirror(reflecting: new)), of: old, new, owner: .fields, depth: depth)
        case .tuple?:
            diffFields(Reflection.fields(oldMirror), Reflection.fields(Mirror(reflecting: new)), of: old, new, owner: .tuple, depth: depth)
        case .enum?:
            let newMirror = Mirror(reflecting: new)
            let caseName = TypeNames.caseName(of: old, mirror: oldMirror)
            guard caseName == TypeNames.caseName(of: new, mirror: newMirror) else {
                replace(old, new, depth: depth)
                return
            }
            diffFields(
                Reflection.payloadFields(oldMirror), Reflection.payloadFields(newMirror), of: old, new, owner: .enumCase(caseName),
                depth: depth)
        case .collection?:
            // Captured as the array of its children (see `ValueCapturer`), diffed as one.
            let newMirror = Mirror(reflecting: new)
            guard newMirror.displayStyle == .collection else {
                replace(old, new, depth: depth)
                return
            }
            diffArray(ArrayDiffInput(oldElements: oldMirror.children.map(\.value), newElements: newMirror.children.map(\.value)), depth: depth)
        case nil where !oldMirror.children.isEmpty:
            diffFields(Reflection.fields(oldMirror), Reflection.fields(Mirror(reflecting: new)), of: old, new, owner: .fields, depth: depth)
        default:
            replace(old, new, depth: depth)
        }
    }

    /// Diffs two values of an enum with a layout: a replacement when the cases differ, else the
    /// associated values whose bytes differ.
    ///
    /// - Returns: `false` when the layout leaves either value's case to reflection.
    mutating func diffCases(_ old: Any, _ new: Any, layout: EnumLayout, depth: Int) -> Bool {
        let walked = layout.withCase(of: old) { oldCase, oldPayload in
            layout.withCase(of: new) { newCase, newPayload in
                if oldCase !== newCase {
                    replace(old, new, depth: depth)
                } else {
                    diffStoredFields(oldCase.fields, redaction: oldCase.redaction, oldPayload, newPayload, payload: true, depth: depth)
                }
                return true
            }
        }
        // `nil` (at either level) when the layout leaves a case to reflection.
        return walked == true
    }

    /// Appends the operations for the stored fields that differ between the values (or
    /// projected payloads) at `oldBase` and `newBase`; unchanged bytes are skipped unread.
    mutating func diffStoredFields(
        _ fields: [StoredField], redaction: RedactedFields, _ oldBase: UnsafeRawPointer, _ newBase: UnsafeRawPointer,
        payload: Bool, depth: Int
    ) {
        var redacted: [Bool]?
        // Read in place: copying a field (its name, its traits, its path) costs more than
        // comparing its bytes.
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where !fields[index].hasEqualBytes(oldBase, newBase) {
                if redacted == nil { redacted = redaction.verdicts(under: options.redaction) }
                diffStoredField(fields.baseAddress! + index, index: index, redacted: redacted![index], oldBase, newBase, payload: payload, depth: depth)
            }
        }
    }

    /// Appends the operations for the stored field at `field` (the `index`th of its value),
    /// whose bytes differ between the values at `oldBase` and `newBase`.
    private mutating func diffStoredField(
        _ field: UnsafePointer<StoredField>, index: Int, redacted: Bool, _ oldBase: UnsafeRawPointer, _ newBase: UnsafeRawPointer,
        payload: Bool, depth: Int
    ) {
        let component = payload ? Reflection.payloadPathComponent(name: field.pointee.name, index: index) : PathComponent.field(field.pointee.name)
        // A leaf is set with a path of its own, without pushing onto ``path``: pushing
        // and then popping a path an operation shares would copy it.
        if redacted {
            diffRedacted(
                field.pointee.load(from: oldBase), field.pointee.load(from: newBase), at: path(appending: component), depth: depth + 1)
        } else if let traits = field.pointee.traits, let scalarAt = traits.scalarAt {
            // Compared as captured leaves, as `diff` compares scalars; an integer's or a
            // Bool's leaf differs whenever its bytes do, so its old leaf is not needed.
            let offset = field.pointee.offset
            let after = scalarAt(newBase + offset, options.redaction)
            if traits.leafFollowsBytes || scalarAt(oldBase + offset, options.redaction) != after {
                let setPath = path.isEmpty && !payload ? field.pointee.pathFromRoot : path(appending: component)
                operations.append(.set(path: setPath, value: after))
            }
        } else {
            path.append(component)
            defer { path.removeLast() }
            if let traits = field.pointee.traits {
                diff(at: oldBase + field.pointee.offset, newBase + field.pointee.offset, traits: traits, depth: depth + 1)
            } else {
                diff(field.pointee.load(from: oldBase), field.pointee.load(from: newBase), depth: depth + 1)
            }
        }
    }

    mutating func diffFields(
        _ old: [Reflection.Field], _ new: [Reflection.Field], of oldParent: Any, _ newParent: Any, owner: Redaction.FieldOwner,
        depth: Int
    ) {
        guard old.count == new.count, zip(old, new).allSatisfy({ $0.name == $1.name }) else {
            // Only reachable through custom mirrors whose shape changes: compare captures.
            replace(oldParent, newParent, depth: depth)
            return
        }
        let redacted = options.redaction.verdicts(for: new, of: owner)
        // Only a pair's verdicts depend on values rather than names.
        if case .tuple = owner, options.redaction.verdicts(for: old, of: owner) != redacted {
            // A pair whose first string starts or stops matching (a header renamed): the
            // captures, redacted as each side needs, are compared whole.
            replace(oldParent, newParent, depth: depth)
            return
        }
        var payload = false
        if case .enumCase = owner { payload = true }
        // A field left unread (see ``ReflectedStruct``) captures alike in both.
        for index in old.indices where old[index].unread == nil {
            let name = old[index].name
            path.append(payload ? Reflection.payloadPathComponent(name: name, index: index) : .field(name))
            defer { path.removeLast() }
            if redacted[index] {
                diffRedacted(old[index].value, new[index].value, at: path, depth: depth + 1)
            } else {
                diff(old[index].value, new[index].value, depth: depth + 1)
            }
        }
    }
}
