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
/// Both walk the state's stored fields with the runtime's field metadata (`_forEachField`) and
/// reach each Array, Dictionary or Set field (directly or inside nested structs and tuples).
/// Only a state whose static type is a struct or a tuple is walked: the runtime's field walk
/// does not apply to an existential (`any Screen`, `Any`), a class or an enum.
enum StorageUnsharing {
    /// Unshares the collections under the top-level `fields` of `state` (`nil`: all of them):
    /// each reserves its own capacity, which copies a shared buffer and is a no-op on a unique
    /// one. The values do not change; only which buffer holds them.
    static func unshare<State>(_ state: inout State, fields: Set<String>?) {
        _ = withUnsafeMutablePointer(to: &state) { pointer in
            forEachCollection(in: State.self, at: UnsafeMutableRawPointer(pointer), only: fields) { collection, address in
                collection.unshare(at: address)
            }
        }
    }

    /// The bytes of the buffers of the collections under the top-level `fields` of `state`
    /// (`nil`: all of them), elements' own storage (strings, nested collections) not included:
    /// a copy-on-write copies the buffer and retains what its elements point to. `nil` when
    /// the state's type cannot be walked.
    static func bufferBytes<State>(of state: inout State, fields: Set<String>?) -> Int? {
        withUnsafeMutablePointer(to: &state) { pointer in
            var bytes = 0
            let walked = forEachCollection(in: State.self, at: UnsafeMutableRawPointer(pointer), only: fields) { collection, address in
                bytes += collection.bufferBytes(at: address)
            }
            return walked ? bytes : nil
        }
    }

    /// Calls `body` with each collection under `fields` of the value of type `type` at `base`;
    /// returns whether the type could be walked.
    @discardableResult
    private static func forEachCollection(
        in type: Any.Type, at base: UnsafeMutableRawPointer, only fields: Set<String>?,
        _ body: (any UnsharableCollection.Type, UnsafeMutableRawPointer) -> Void
    ) -> Bool {
        if let collection = type as? any UnsharableCollection.Type {
            body(collection, base)
            return true
        }
        switch MetadataKind.of(type) {
        case .struct, .tuple:
            visitFields(of: type, at: base, only: fields, depth: 0, body)
            return true
        default:
            return false
        }
    }

    /// Visits the fields of a struct or tuple, descending into nested structs and tuples.
    private static func visitFields(
        of type: Any.Type, at base: UnsafeMutableRawPointer, only: Set<String>?, depth: Int,
        _ body: (any UnsharableCollection.Type, UnsafeMutableRawPointer) -> Void
    ) {
        guard depth < 8 else { return }
        _ = _forEachField(of: type, options: []) { name, offset, fieldType, kind in
            if let only, !only.contains(String(cString: name)) { return true }
            if let collection = fieldType as? any UnsharableCollection.Type {
                body(collection, base + offset)
            } else if kind == .struct || kind == .tuple {
                visitFields(of: fieldType, at: base + offset, only: nil, depth: depth + 1, body)
            }
            return true
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
