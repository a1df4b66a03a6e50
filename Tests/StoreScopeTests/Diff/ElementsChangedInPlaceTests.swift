import Testing
import TraceFormat
@testable import StoreScope

// Arrays of one length whose elements changed where they were are diffed in place
// (ElementsChangedInPlace.swift); anything else goes to the general diff. Each patch is checked
// against the captures (`checkedPatch`, DiffTests.swift).

private struct Row: Equatable, Identifiable {
    var id: Int
    var title: String
    var done: Bool
}

private func rows(_ count: Int) -> [Row] {
    (0..<count).map { Row(id: $0, title: "row \($0)", done: false) }
}

@Test("In arrays of one length a change past the captured window gives no patch, one inside it a set at its position")
func changesInsideAndPastTheWindow() throws {
    let options = CaptureOptions(maximumCollectionCount: 3)
    let old = rows(10)
    var past = old
    past[7].done = true
    #expect(try checkedPatch(old, past, options: options).isEmpty)
    var both = past
    both[1].title = "renamed"
    #expect(try checkedPatch(old, both, options: options) == [
        .set(path: [.index(1), .field("title")], value: captureValue("renamed"))
    ])
    // The last element of the window and the first past it, both changed.
    var edge = old
    edge[2].done = true
    edge[3].done = true
    #expect(try checkedPatch(old, edge, options: options) == [.set(path: [.index(2), .field("done")], value: .bool(true))])
}

@Test("Elements whose ids changed places in an array of one length are moved, not changed where they were")
func swappedIDsAreMoves() throws {
    let old = rows(6)
    var new = old
    new.swapAt(1, 4)
    let patch = try checkedPatch(old, new)
    #expect(patch.allSatisfy { if case .move = $0 { true } else { false } })
    #expect(!patch.isEmpty)
    // An id changed in place: the general diff's removal and insertion.
    var replaced = old
    replaced[3] = Row(id: 30, title: "row 3", done: false)
    #expect(try checkedPatch(old, replaced) == [
        .remove(path: [.index(3)]), .insert(path: [.index(3)], value: captureValue(replaced[3])),
    ])
}

private class Shape: Equatable {
    let name: String
    init(name: String) { self.name = name }
    static func == (a: Shape, b: Shape) -> Bool { a.name == b.name && type(of: a) == type(of: b) }
}

private final class Circle: Shape {
    let radius: Int
    init(radius: Int) {
        self.radius = radius
        super.init(name: "circle")
    }
}

@Test("Elements of a class type, subclasses among them, changed where they were are each diffed as their own values")
func classElementsChangedInPlace() throws {
    let old: [Shape] = [Shape(name: "a"), Circle(radius: 1), Shape(name: "b"), Circle(radius: 2)]
    var new = old
    new[2] = Shape(name: "c")
    new[3] = Shape(name: "circle")  // a circle no longer
    let patch = try checkedPatch(old, new)
    let changed = Set(patch.compactMap { operation -> Int? in
        guard case let .set(path, _) = operation, case let .index(element)? = path.first else { return nil }
        return element
    })
    #expect(changed == [2, 3])
}
