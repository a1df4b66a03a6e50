extension TraceValue {
    /// Applies the operations in order.
    ///
    /// - Parameter patch: the operations, each relative to the tree the previous one left.
    /// - Throws: ``PatchError`` when a path does not exist or an operation does not fit the
    ///   node it reaches. The tree is left partly patched in that case.
    public mutating func apply(_ patch: [PatchOperation]) throws(PatchError) {
        for operation in patch {
            try apply(operation)
        }
    }

    /// Applies one operation. See ``apply(_:)-(PatchOperation)``.
    ///
    /// - Throws: ``PatchError`` when the path does not exist or does not fit.
    public mutating func apply(_ operation: PatchOperation) throws(PatchError) {
        let path = operation.path
        guard let last = path.last else {
            guard case let .set(_, value) = operation else {
                throw PatchError(operation: operation, reason: "only set applies to the root")
            }
            self = value
            return
        }
        try modifyNode(at: path.dropLast(), operation: operation) { (parent: inout TraceValue) throws(PatchError) in
            try parent.applyToChild(last, operation)
        }
    }

    /// Returns the node at `path`, or `nil` when the path does not exist.
    public func node(at path: some Collection<PathComponent>) -> TraceValue? {
        var current = self
        for component in path {
            guard let child = current.child(component) else { return nil }
            current = child
        }
        return current
    }

    /// The child one step away, or `nil`.
    public func child(_ component: PathComponent) -> TraceValue? {
        switch (self, component) {
        case let (.structure(_, fields), .field(name)), let (.object(_, _, fields), .field(name)),
            let (.enumeration(_, _, fields), .field(name)):
            return fields.first { $0.name == name }?.value
        case let (.enumeration(_, _, fields), .index(i)), let (.structure(_, fields), .index(i)):
            return fields.indices.contains(i) ? fields[i].value : nil
        case let (.array(elements), .index(i)):
            return elements.indices.contains(i) ? elements[i] : nil
        case let (.dictionary(entries), .key(key)):
            return entries.first { $0.key == key }?.value
        case let (.set(elements), .key(key)):
            return elements.contains(key) ? key : nil
        case let (.some(wrapped), .some):
            return wrapped
        default:
            return nil
        }
    }

    // MARK: - In-place traversal

    /// Walks to the node at `path` and runs `body` on it in place. The enum payload is moved
    /// out before it is changed and put back after, so array storage stays uniquely referenced
    /// and a patch costs O(depth) rather than a copy of every collection on the way.
    private mutating func modifyNode(
        at path: ArraySlice<PathComponent>, operation: PatchOperation,
        _ body: (inout TraceValue) throws(PatchError) -> Void
    ) throws(PatchError) {
        guard let first = path.first else {
            try body(&self)
            return
        }
        let rest = path.dropFirst()
        // Built only on failure: describing the node costs more than the step itself.
        func missing() -> PatchError { PatchError(operation: operation, reason: "no \(first) in \(kindDescription)") }
        // `if case` rather than `switch`: with a switch (on `self`, or on a tuple holding it) the
        // optimizer keeps a second reference to the payload for the whole case, so every step
        // copied the collection it went through (a rename among 1,000 users copied the array).
        if case .structure(let type, var fields) = self {
            guard case let .field(name) = first, let i = fields.firstIndex(where: { $0.name == name }) else { throw missing() }
            self = .truncated(.init(reason: .size, type: ""))
            defer { self = .structure(type: type, fields: fields) }
            try fields[i].value.modifyNode(at: rest, operation: operation, body)
        } else if case .array(var elements) = self {
            guard case let .index(i) = first, elements.indices.contains(i) else { throw missing() }
            self = .truncated(.init(reason: .size, type: ""))
            defer { self = .array(elements) }
            try elements[i].modifyNode(at: rest, operation: operation, body)
        } else if case .object(let type, let id, var fields) = self {
            guard case let .field(name) = first, let i = fields.firstIndex(where: { $0.name == name }) else { throw missing() }
            self = .truncated(.init(reason: .size, type: ""))
            defer { self = .object(type: type, id: id, fields: fields) }
            try fields[i].value.modifyNode(at: rest, operation: operation, body)
        } else if case .enumeration(let type, let caseName, var fields) = self {
            let index: Int?
            switch first {
            case let .field(name): index = fields.firstIndex { $0.name == name }
            case let .index(i): index = fields.indices.contains(i) ? i : nil
            default: index = nil
            }
            guard let i = index else { throw missing() }
            self = .truncated(.init(reason: .size, type: ""))
            defer { self = .enumeration(type: type, caseName: caseName, payload: fields) }
            try fields[i].value.modifyNode(at: rest, operation: operation, body)
        } else if case .dictionary(var entries) = self {
            guard case let .key(key) = first, let i = entries.index(ofKey: key) else { throw missing() }
            self = .truncated(.init(reason: .size, type: ""))
            defer { self = .dictionary(entries) }
            try entries[i].value.modifyNode(at: rest, operation: operation, body)
        } else if case .some(var wrapped) = self {
            guard case .some = first else { throw missing() }
            self = .truncated(.init(reason: .size, type: ""))
            defer { self = .some(wrapped) }
            try wrapped.modifyNode(at: rest, operation: operation, body)
        } else {
            throw missing()
        }
    }

    /// Applies `operation`, whose path ends in `component`, to this parent node.
    /// `0…2`, the valid positions of an array of `count` elements, or `an empty array`; user
    /// text, so not Swift's `0..<3`.
    private static func positions(_ count: Int) -> String {
        count == 0 ? "an empty array" : "0…\(count - 1)"
    }

    private mutating func applyToChild(_ component: PathComponent, _ operation: PatchOperation) throws(PatchError) {
        func fail(_ reason: String) -> PatchError { PatchError(operation: operation, reason: reason) }
        switch operation {
        case let .set(_, value):
            try setChild(component, to: value, operation: operation)
        case let .insert(_, value):
            if case .array(var elements) = self, case let .index(i) = component {
                guard i >= 0 && i <= elements.count else { throw fail("insert index \(i) outside 0…\(elements.count)") }
                self = .array([])
                elements.insert(value, at: i)
                self = .array(elements)
                return
            }
            switch self {
            case .set(var elements):
                guard case let .key(element) = component else { throw fail("insert needs a set element, found \(component)") }
                let position = elements.partitioningIndex { !TraceValue.canonicalOrder($0, element) }
                if position < elements.count && elements[position] == element { return }
                self = .set([])
                elements.insert(element, at: position)
                self = .set(elements)
            default:
                throw fail("insert needs an array index or a set element, found \(kindDescription)")
            }
        case .remove:
            if case .array(var elements) = self, case let .index(i) = component {
                guard elements.indices.contains(i) else { throw fail("remove index \(i) outside \(Self.positions(elements.count))") }
                self = .array([])
                elements.remove(at: i)
                self = .array(elements)
                return
            }
            switch self {
            case .dictionary(var entries):
                guard case let .key(key) = component, let i = entries.index(ofKey: key) else { throw fail("no such key") }
                self = .dictionary([])
                entries.remove(at: i)
                self = .dictionary(entries)
            case .set(var elements):
                guard case let .key(element) = component, let i = elements.firstIndex(of: element) else { throw fail("no such element") }
                self = .set([])
                elements.remove(at: i)
                self = .set(elements)
            default:
                throw fail("remove needs an array index, a dictionary key or a set element, found \(kindDescription)")
            }
        case let .move(_, to):
            guard case .array(var elements) = self, case let .index(from) = component else {
                throw fail("move needs an array index, found \(kindDescription)")
            }
            guard elements.indices.contains(from) else { throw fail("move index \(from) outside \(Self.positions(elements.count))") }
            guard to >= 0 && to < elements.count else { throw fail("move target \(to) outside \(Self.positions(elements.count))") }
            self = .array([])
            let element = elements.remove(at: from)
            elements.insert(element, at: to)
            self = .array(elements)
        }
    }

    private mutating func setChild(_ component: PathComponent, to value: TraceValue, operation: PatchOperation) throws(PatchError) {
        func fail(_ reason: String) -> PatchError { PatchError(operation: operation, reason: reason) }
        // Collections first through `if case`, as in `modifyNode`, so they stay uniquely referenced.
        if case .array(var elements) = self, case let .index(i) = component {
            guard elements.indices.contains(i) else { throw fail("set index \(i) outside \(Self.positions(elements.count))") }
            self = .array([])
            elements[i] = value
            self = .array(elements)
            return
        }
        if case .dictionary(var entries) = self, case let .key(key) = component {
            self = .dictionary([])
            let position = entries.firstIndex(notBefore: key)
            if position < entries.count && entries[position].key == key {
                entries[position].value = value
            } else {
                entries.insert(DictionaryEntry(key: key, value: value), at: position)
            }
            self = .dictionary(entries)
            return
        }
        switch self {
        case .structure(let type, var fields):
            guard case let .field(name) = component else { throw fail("cannot set \(component) in \(kindDescription)") }
            guard let i = fields.firstIndex(where: { $0.name == name }) else { throw fail("no field \(name)") }
            self = .structure(type: type, fields: [])
            fields[i].value = value
            self = .structure(type: type, fields: fields)
        case .object(let type, let id, var fields):
            guard case let .field(name) = component else { throw fail("cannot set \(component) in \(kindDescription)") }
            guard let i = fields.firstIndex(where: { $0.name == name }) else { throw fail("no field \(name)") }
            self = .object(type: type, id: id, fields: [])
            fields[i].value = value
            self = .object(type: type, id: id, fields: fields)
        case .enumeration(let type, let caseName, var fields):
            let i: Int
            switch component {
            case let .field(name):
                guard let found = fields.firstIndex(where: { $0.name == name }) else { throw fail("no associated value \(name)") }
                i = found
            case let .index(index):
                guard fields.indices.contains(index) else { throw fail("no associated value \(index)") }
                i = index
            default:
                throw fail("cannot set \(component) in \(kindDescription)")
            }
            self = .enumeration(type: type, caseName: caseName, payload: [])
            fields[i].value = value
            self = .enumeration(type: type, caseName: caseName, payload: fields)
        case .some, .none:
            guard case .some = component else { throw fail("cannot set \(component) in \(kindDescription)") }
            self = .some(value)
        default:
            throw fail("cannot set \(component) in \(kindDescription)")
        }
    }

    var kindDescription: String {
        switch self {
        case .structure(let type, _), .object(let type, _, _), .enumeration(let type, _, _): "\(kind) \(type)"
        default: "\(kind)"
        }
    }
}

extension Array where Element == TraceValue.DictionaryEntry {
    /// The first index whose key is not before `key`, in entries sorted by key in the format's
    /// canonical order (as every dictionary in a trace is): where `key` is or would be.
    package func firstIndex(notBefore key: TraceValue) -> Int {
        partitioningIndex { !TraceValue.canonicalOrder($0.key, key) }
    }

    /// The index of the entry with `key`: found by binary search in the canonical order, and
    /// by a linear search in a dictionary a hostile writer left unsorted.
    func index(ofKey key: TraceValue) -> Int? {
        let position = firstIndex(notBefore: key)
        if position < count, self[position].key == key { return position }
        return firstIndex { $0.key == key }
    }
}

extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition`, for an array already
    /// partitioned by it (binary search).
    package func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if belongsInSecondPartition(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
