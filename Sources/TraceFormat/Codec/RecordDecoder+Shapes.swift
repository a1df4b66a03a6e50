/// Decoding a value straight into its shape (``ShapedValue``), the value never built: what a
/// read with states as shapes does with patch values and keyframe states (`stats` follows
/// each store's size through them and needs no more).
///
/// Every check of ``RecordDecoder/value(depth:)`` is made, in the same order (the kind byte
/// and depth limit by ``RecordDecoder/valueKind(depth:)``, the counts against the budget, the
/// rest by ``RecordDecoder/skipValue(of:depth:)`` or by building the dictionary keys and set
/// elements whole, as paths name them), so a chunk is refused exactly when a full read refuses
/// it. What it leaves out is building what the shape has no use for: strings, scalars, enum
/// payloads' and structs' type names, and the value tree freed once its shape was taken; and
/// the nodes alike in the chunk are decoded into one (``SharedShapes``).
extension RecordDecoder {
    /// The shape of the next value, with its nodes (the items it spent, one per node) and the
    /// classes it holds by reference counted.
    mutating func shapedValue(depth: Int) throws(TraceError) -> ShapedValue {
        let start = itemsLeft
        var counted = ShapedValue(shape: .leaf, nodes: 0, references: [:])
        counted.shape = try shape(depth: depth, counting: &counted)
        counted.nodes = start - itemsLeft
        return counted
    }

    /// The next value's shape; its references counted into `counted` (whose `nodes` the
    /// caller sets from the items spent).
    private mutating func shape(depth: Int, counting counted: inout ShapedValue) throws(TraceError) -> ValueShape {
        let kind = try valueKind(depth: depth)
        switch kind {
        case .structure:
            let type = try nameIndex()
            return .node(try fieldsShape(.structure, of: type, depth: depth, counting: &counted))
        case .object:
            let type = try nameIndex()
            _ = try reader.readVarint()
            return .node(try fieldsShape(.object, of: type, depth: depth, counting: &counted))
        case .enumeration:
            try skipName()
            // Cases of one enum have different payloads: their names are told apart by case.
            let caseName = try nameIndex()
            return .node(try fieldsShape(.enumeration, of: caseName, depth: depth, counting: &counted))
        case .reference:
            let type = try name()
            _ = try reader.readVarint()
            counted.references[type, default: 0] += 1
            return .node(ValueShapeNode(.reference(type)))
        case .none:
            try skipName()
            return .none
        case .some:
            var wrapped = ChildShapes(count: 1)
            wrapped.append(try shape(depth: depth + 1, counting: &counted))
            return .node(sharedShapes.node(.some, names: [], type: -1, children: wrapped, leafRuns: &leafRuns))
        case .array, .set:
            let count = try reader.readCount()
            guard count <= itemsLeft else { throw TraceLimits.tooManyItems }
            guard kind == .array else {
                // A set's elements are held whole, as paths name them.
                var elements: [TraceValue] = []
                elements.reserveCapacity(count)
                for _ in 0..<count { elements.append(try key(depth: depth + 1, counting: &counted)) }
                return .node(ValueShapeNode(.set, keys: elements))
            }
            var children = ChildShapes(count: count)
            for _ in 0..<count { children.append(try shape(depth: depth + 1, counting: &counted)) }
            return .node(sharedShapes.node(.array, names: [], type: -1, children: children, leafRuns: &leafRuns))
        case .dictionary:
            let count = try reader.readCount(minimumSize: 2)
            guard count <= itemsLeft / 2 else { throw TraceLimits.tooManyItems }
            var keys: [TraceValue] = [], children: [ValueShape] = []
            keys.reserveCapacity(count)
            children.reserveCapacity(count)
            for _ in 0..<count {
                keys.append(try key(depth: depth + 1, counting: &counted))
                children.append(try shape(depth: depth + 1, counting: &counted))
            }
            return .node(ValueShapeNode(.dictionary, keys: keys, children: children))
        default:
            try skipValue(of: kind, depth: depth)
            return .leaf
        }
    }

    /// A dictionary key or set element, built whole (paths name it), its references counted.
    private mutating func key(depth: Int, counting counted: inout ShapedValue) throws(TraceError) -> TraceValue {
        let key = try value(depth: depth)
        // Its nodes are counted by the items spent; only its references are wanted here.
        for (type, count) in ShapedValue(countingKey: key).references { counted.references[type, default: 0] += count }
        return key
    }

    /// The node of a struct, class or enum payload: its field names and their values' shapes.
    /// The names are those of the last node of the same `type` (a string table index) when
    /// they are the same, one array for all (issue 40: rather than an array of names,
    /// allocated and freed, per user).
    private mutating func fieldsShape(
        _ kind: ValueShapeNode.Kind, of type: Int, depth: Int, counting counted: inout ShapedValue
    ) throws(TraceError) -> ValueShapeNode {
        let count = try reader.readCount(minimumSize: 2)
        guard count <= itemsLeft else { throw TraceLimits.tooManyItems }
        if fieldNames.isEmpty { fieldNames = Array(repeating: nil, count: strings.count) }
        let last = fieldNames[type]
        // The indices read so far, once they differ from the last node's.
        var indices: [Int]? = last?.indices.count == count ? nil : []
        var children = ChildShapes(count: count)
        for position in 0..<count {
            let index = try nameIndex()
            if indices == nil, last!.indices[position] != index { indices = Array(last!.indices[..<position]) }
            indices?.append(index)
            children.append(try shape(depth: depth + 1, counting: &counted))
        }
        guard let indices else { return sharedShapes.node(kind, names: last!.names, type: type, children: children, leafRuns: &leafRuns) }
        let names = FieldNames(indices: indices, names: indices.map { strings[$0] })
        fieldNames[type] = names
        return sharedShapes.node(kind, names: names.names, type: type, children: children, leafRuns: &leafRuns)
    }
}
