import TraceFormat

/// Where ``StoreSizes`` takes the shapes of the values patches put in and of keyframes' states
/// from, in record order: built from the values (records read whole), or read with the chunk
/// (``TraceReader/recordsWithStateShapes(in:actionsAsCases:)``: the values are placeholders and
/// were never built; issue 40: building each value, then its shape, then freeing the value
/// cost `stats` more than the shape alone).
package struct StateShapeSource {
    /// The chunk's shapes, one per `set` and `insert` operation and keyframe; `nil`: built
    /// from the values.
    private var read: [ShapedValue]?
    private var next = 0

    /// Shapes built from the records' values.
    package static var values: StateShapeSource { StateShapeSource(read: nil) }

    /// Shapes read with a chunk's records, in their order. Each is moved out as it is taken,
    /// so pass an array nothing else holds: a state whose tree another reference shares is
    /// copied whole by its next patch (``StateShape/apply(_:shapes:)``), a keyframe's 1,000
    /// users per keyframe on the stats trace.
    package init(read shapes: consuming [ShapedValue]) {
        read = shapes
    }

    private init(read: [ShapedValue]?) {
        self.read = read
    }

    /// The shape of the next state in record order, whose value is `value` (a placeholder when
    /// read as shapes).
    mutating func shape(of value: TraceValue) -> ShapedValue {
        guard read != nil else { return ShapedValue(value) }
        defer { next += 1 }
        return read!.withUnsafeMutableBufferPointer { shapes in
            // Moved out, a leaf left in its place.
            let shape = (shapes.baseAddress! + next).move()
            (shapes.baseAddress! + next).initialize(to: ShapedValue(shape: .leaf, nodes: 0, references: [:]))
            return shape
        }
    }

    /// Passes over the states of `operations`, which are not taken in (their store's state is
    /// unknown, or an operation before them did not fit it).
    mutating func skip(_ operations: ArraySlice<PatchOperation>) {
        guard read != nil else { return }
        for operation in operations {
            switch operation {
            case .set, .insert: next += 1
            case .remove, .move: break
            }
        }
    }
}
