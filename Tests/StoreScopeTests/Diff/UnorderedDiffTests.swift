import Foundation
import Testing
import TraceFormat
@testable import StoreScope

// Dictionaries and sets whose keys do not behave as keys once captured (issue 8, items 1
// and 8): keys not equal to themselves, and distinct keys that capture alike.

/// A key whose only field is redacted: every key captures as `SecretKey(token: <redacted>)`.
private struct SecretKey: Hashable {
    var token: String
}

private enum Ratio: Hashable {
    case scale(Float)
    case none
}

private func entryCount(_ tree: TraceValue) -> Int? {
    switch tree {
    case let .dictionary(entries): entries.count
    case let .set(elements): elements.count
    default: nil
    }
}

@Test("A dictionary with a NaN key is diffed without crashing, into the exact patch")
func nanKeysDoNotCrashTheDiffer() throws {
    #expect(try checkedPatch([Double.nan: 1], [.nan: 1, 2: 2]) == [.set(path: [.key(.double(2))], value: .int(2))])
    _ = try checkedPatch([Double.nan: 1, 3: 3], [.nan: 2])
    _ = try checkedPatch([Float.nan: "a"], [:])
}

@Test("A dictionary keyed by an enum holding a NaN Float is diffed without crashing")
func enumKeysHoldingNaNDoNotCrashTheDiffer() throws {
    _ = try checkedPatch([Ratio.scale(.nan): 1], [.scale(.nan): 1, .none: 2])
    _ = try checkedPatch([Ratio.scale(.nan): 1, .none: 2], [.none: 3])
}

@Test("Two NaNs in a set are kept by the keyframe and by every patch")
func twoNaNsInASetStayTwo() throws {
    let two: Set<Double> = [.nan, .nan, 1]
    #expect(two.count == 3)
    #expect(entryCount(captureValue(two)) == 3)
    let patch = try checkedPatch(Set<Double>([1]), two)
    var tree = captureValue(Set<Double>([1]))
    try tree.apply(patch)
    #expect(entryCount(tree) == 3)
    _ = try checkedPatch(two, Set<Double>([.nan, 2]))
}

@Test("Distinct keys that capture alike keep one entry each, in an order that does not depend on the hash seed")
func keysCapturedAlikeKeepEveryEntry() throws {
    var forward: [SecretKey: Int] = [:]
    var backward: [SecretKey: Int] = [:]
    backward.reserveCapacity(1_000)  // other buckets, another iteration order
    for index in 0..<20 { forward[SecretKey(token: "t\(index)")] = index }
    for index in (0..<20).reversed() { backward[SecretKey(token: "t\(index)")] = index }
    #expect(Array(forward.keys) != Array(backward.keys))
    let tree = captureValue(forward)
    #expect(entryCount(tree) == 20)
    #expect(captureValue(backward) == tree)
    #expect(!tree.description.contains("t1"))
}

@Test("A change among keys that capture alike records the whole dictionary, so no entry is lost")
func changesAmongKeysCapturedAlikeRecordTheWhole() throws {
    let old = [SecretKey(token: "a"): 1]
    let new = [SecretKey(token: "a"): 1, SecretKey(token: "b"): 2]
    let patch = try checkedPatch(old, new)
    #expect(patch == [.set(path: [], value: captureValue(new))])
    var tree = captureValue(old)
    try tree.apply(patch)
    #expect(entryCount(tree) == 2)
    _ = try checkedPatch(new, [SecretKey(token: "a"): 1, SecretKey(token: "b"): 3])
    _ = try checkedPatch(new, old)
}

@Test("Set elements that capture alike record the whole set")
func setElementsCapturedAlikeRecordTheWhole() throws {
    let old: Set = [SecretKey(token: "a")]
    let new: Set = [SecretKey(token: "a"), SecretKey(token: "b")]
    let patch = try checkedPatch(old, new)
    var tree = captureValue(old)
    try tree.apply(patch)
    #expect(entryCount(tree) == 2)
}

@Test("Keys that stay distinct once captured still get keyed operations")
func distinctStructKeysStayKeyed() throws {
    let old = [Point(x: 1, y: 1): "a", Point(x: 2, y: 2): "b"]
    var new = old
    new[Point(x: 2, y: 2)] = "c"
    #expect(try checkedPatch(old, new) == [
        .set(path: [.key(captureValue(Point(x: 2, y: 2)))], value: .string("c")),
    ])
}
