@_spi(Reflection) import Swift

/// Gives the worker's copy of a state its own storage for the collections an action changed,
/// so the store's next in-place mutation of them finds its buffer uniquely referenced and does
/// not copy it on the store thread. The copy happens here, on the worker, instead.
///
/// Walks the state's stored fields with the runtime's field metadata (`_forEachField`), and
/// for each Array, Dictionary or Set field (directly or inside nested structs) asks the
/// collection to reserve its own capacity, which copies a shared buffer and is a no-op on a
/// unique one. The values do not change; only which buffer holds them.
enum StorageUnsharing {
    /// Unshares the collections under the top-level `fields` of `state` (`nil`: all of them).
    static func unshare<State>(_ state: inout State, fields: Set<String>?) {
        withUnsafeMutablePointer(to: &state) { pointer in
            unshareFields(of: State.self, at: UnsafeMutableRawPointer(pointer), only: fields, depth: 0)
        }
    }

    private static func unshareFields(of type: Any.Type, at base: UnsafeMutableRawPointer, only: Set<String>?, depth: Int) {
        if let collection = type as? any UnsharableCollection.Type {
            collection.unshare(at: base)
            return
        }
        guard depth < 8 else { return }
        _ = _forEachField(of: type, options: []) { name, offset, fieldType, kind in
            if let only, !only.contains(String(cString: name)) { return true }
            if fieldType is any UnsharableCollection.Type {
                unshareFields(of: fieldType, at: base + offset, only: nil, depth: depth + 1)
            } else if kind == .struct {
                unshareFields(of: fieldType, at: base + offset, only: nil, depth: depth + 1)
            }
            return true
        }
    }
}

/// A copy-on-write collection that can be given its own buffer in place.
protocol UnsharableCollection {
    static func unshare(at pointer: UnsafeMutableRawPointer)
}

extension Array: UnsharableCollection {
    static func unshare(at pointer: UnsafeMutableRawPointer) {
        let array = pointer.assumingMemoryBound(to: Self.self)
        array.pointee.reserveCapacity(array.pointee.count)
    }
}

extension Dictionary: UnsharableCollection {
    static func unshare(at pointer: UnsafeMutableRawPointer) {
        let dictionary = pointer.assumingMemoryBound(to: Self.self)
        dictionary.pointee.reserveCapacity(dictionary.pointee.count)
    }
}

extension Set: UnsharableCollection {
    static func unshare(at pointer: UnsafeMutableRawPointer) {
        let set = pointer.assumingMemoryBound(to: Self.self)
        set.pointee.reserveCapacity(set.pointee.count)
    }
}
