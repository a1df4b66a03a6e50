@_spi(Reflection) import Swift

/// The storage of the collections in a state, as the worker sees it: which buffers an action
/// changed, how many bytes they hold, and giving the worker's copy its own.
///
/// Unsharing gives the worker's copy of a state its own storage for the collections an action
/// changed, so the store's next in-place mutation of them finds its buffer uniquely referenced
/// and does not copy it on the store thread. The copy happens here, on the worker, instead.
/// Measuring tells what a queued state of the store pins: once the store mutates a collection
/// that a queued state shares, the queued state alone holds the old buffer.
///
/// Both find the collections by walking the state's stored fields with the runtime's field
/// metadata (`_forEachField`), reaching each Array, Dictionary or Set field (directly or inside
/// nested structs and tuples). The walk gives their offsets (``CollectionSlot``), which the
/// worker keeps, so that an action reads the collections directly.
/// Only a state whose static type is a struct or a tuple is walked: the runtime's field walk
/// does not apply to an existential (`any Screen`, `Any`), a class or an enum.
enum StorageUnsharing {
    /// Unshares the collections under the top-level `fields` of `state` (`nil`: all of them):
    /// each reserves its own capacity, which copies a shared buffer and is a no-op on a unique
    /// one. The values do not change; only which buffer holds them.
    static func unshare<State>(_ state: inout State, fields: Set<String>?) {
        guard let slots = slots(in: State.self, fields: fields) else { return }
        unshare(&state, at: slots)
    }

    /// Unshares the collections at `slots` (found by ``slots(in:fields:)`` for `State`).
    static func unshare<State>(_ state: inout State, at slots: [CollectionSlot]) {
        withUnsafeMutablePointer(to: &state) { pointer in
            for slot in slots { slot.type.unshare(at: UnsafeMutableRawPointer(pointer) + slot.offset) }
        }
    }

    /// The bytes of the buffers of the collections under the top-level `fields` of `state`
    /// (`nil`: all of them), elements' own storage (strings, nested collections) not included:
    /// a copy-on-write copies the buffer and retains what its elements point to. `nil` when
    /// the state's type cannot be walked.
    static func bufferBytes<State>(of state: inout State, fields: Set<String>?) -> Int? {
        slots(in: State.self, fields: fields).map { bufferBytes(of: &state, at: $0) }
    }

    /// The bytes of the buffers of the collections at `slots` (found by ``slots(in:fields:)``
    /// for `State`).
    static func bufferBytes<State>(of state: inout State, at slots: [CollectionSlot]) -> Int {
        withUnsafeMutablePointer(to: &state) { pointer in
            slots.reduce(0) { bytes, slot in bytes + slot.type.bufferBytes(at: UnsafeMutableRawPointer(pointer) + slot.offset) }
        }
    }

    /// Where a collection lives in a state: its type and its byte offset. A struct's or tuple's
    /// fields are at fixed offsets, so the slots of a state type are found once by walking its
    /// fields and then read directly (the walk converts and looks up every field's name).
    struct CollectionSlot {
        let type: any UnsharableCollection.Type
        let offset: Int
    }

    /// The collections under the top-level `fields` of a value of type `type` (`nil`: all of
    /// them); `nil` when the type cannot be walked.
    static func slots(in type: Any.Type, fields: Set<String>?) -> [CollectionSlot]? {
        var slots: [CollectionSlot] = []
        let walked = forEachCollection(in: type, only: fields) { slots.append(CollectionSlot(type: $0, offset: $1)) }
        return walked ? slots : nil
    }

    /// Calls `body` with each collection under `fields` of a value of type `type` and its
    /// offset in the value; returns whether the type could be walked.
    private static func forEachCollection(
        in type: Any.Type, only fields: Set<String>?, _ body: (any UnsharableCollection.Type, Int) -> Void
    ) -> Bool {
        if let collection = type as? any UnsharableCollection.Type {
            body(collection, 0)
            return true
        }
        switch MetadataKind.of(type) {
        case .struct, .tuple:
            visitFields(of: type, at: 0, only: fields, depth: 0, body)
            return true
        default:
            return false
        }
    }

    /// Visits the fields of a struct or tuple, descending into nested structs and tuples.
    private static func visitFields(
        of type: Any.Type, at base: Int, only: Set<String>?, depth: Int, _ body: (any UnsharableCollection.Type, Int) -> Void
    ) {
        guard depth < 8 else { return }
        var fields: [(name: String, offset: Int, type: Any.Type, kind: _MetadataKind)] = []
        _ = _forEachField(of: type, options: []) { name, offset, fieldType, kind in
            fields.append((String(cString: name), offset, fieldType, kind))
            return true
        }
        // `only` holds recorded names (the diff's paths): an observation macro's storage is
        // recorded under other names than it is stored under.
        if let only {
            fields = ObservationStorage.recorded(fields, name: \.name) { ($1, $0.offset, $0.type, $0.kind) }.filter { only.contains($0.name) }
        }
        for field in fields {
            if let collection = field.type as? any UnsharableCollection.Type {
                body(collection, base + field.offset)
            } else if field.kind == .struct || field.kind == .tuple {
                visitFields(of: field.type, at: base + field.offset, only: nil, depth: depth + 1, body)
            }
        }
    }
}

/// A copy-on-write collection that can be given its own buffer in place.
protocol UnsharableCollection {
    static func unshare(at pointer: UnsafeMutableRawPointer)
    /// The bytes its buffer holds for its elements.
    static func bufferBytes(at pointer: UnsafeMutableRawPointer) -> Int
}

extension Array: UnsharableCollection {
    static func unshare(at pointer: UnsafeMutableRawPointer) {
        let array = pointer.assumingMemoryBound(to: Self.self)
        array.pointee.reserveCapacity(array.pointee.count)
    }

    static func bufferBytes(at pointer: UnsafeMutableRawPointer) -> Int {
        pointer.assumingMemoryBound(to: Self.self).pointee.capacity * MemoryLayout<Element>.stride
    }
}

extension Dictionary: UnsharableCollection {
    static func unshare(at pointer: UnsafeMutableRawPointer) {
        let dictionary = pointer.assumingMemoryBound(to: Self.self)
        dictionary.pointee.reserveCapacity(dictionary.pointee.count)
    }

    static func bufferBytes(at pointer: UnsafeMutableRawPointer) -> Int {
        let capacity = pointer.assumingMemoryBound(to: Self.self).pointee.capacity
        return capacity * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride)
    }
}

extension Set: UnsharableCollection {
    static func unshare(at pointer: UnsafeMutableRawPointer) {
        let set = pointer.assumingMemoryBound(to: Self.self)
        set.pointee.reserveCapacity(set.pointee.count)
    }

    static func bufferBytes(at pointer: UnsafeMutableRawPointer) -> Int {
        pointer.assumingMemoryBound(to: Self.self).pointee.capacity * MemoryLayout<Element>.stride
    }
}
