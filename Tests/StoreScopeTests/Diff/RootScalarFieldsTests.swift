import Testing
import TraceFormat
@testable import StoreScope

// The patcher's fast path for a root whose scalar fields alone changed (`RootScalarFields`):
// the same operations as the generic walk (`capturePatch`), taken only where it applies.

private struct PaddedState: Equatable {
    var small: UInt8 = 1
    var wide: Int64 = 2
    var flag = false
    var half: UInt16 = 3
}

private enum Mode: Equatable { case idle, busy(Int) }

private struct MixedState: Equatable {
    var isLoading = false
    var query = "ada"
    var token = "s3cr3t-token-value"
    var selected: Int? = 3
    var mode = Mode.idle
    var items = [1, 2, 3]
    var ratio = 0.5
}

/// A state whose `==` ignores `ignored`: the walk prunes with `==`, so must the fast path.
private struct LenientState: Equatable {
    var counted = 0
    var ignored = false
    static func == (a: Self, b: Self) -> Bool { a.counted == b.counted }
}

private final class ClassState {
    var isLoading = false
}

private enum EnumState: Equatable {
    case idle
    case loading(Bool)
}

/// `patcher`'s patch from `old` to `new`, checked against the walk's, and whether the fast
/// path found it.
private func patch<State>(_ patcher: inout StatePatcher, _ old: State, _ new: State) -> (operations: [PatchOperation], fast: Bool) {
    let before = patcher.scalarOnlyPatches
    let operations = patcher.patch(from: old, to: new)
    #expect(operations == capturePatch(from: old, to: new))
    return (operations, patcher.scalarOnlyPatches == before + 1)
}

@Test("A scalar among padded fields: only its bytes are compared, not the padding around it")
func paddedScalarChange() {
    // Two values equal field by field whose padding bytes differ, written byte by byte.
    func padded(_ fill: UInt8, flag: Bool) -> PaddedState {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<PaddedState>.stride, alignment: 8)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: fill, count: MemoryLayout<PaddedState>.stride)
        raw.storeBytes(of: 1, toByteOffset: MemoryLayout<PaddedState>.offset(of: \.small)!, as: UInt8.self)
        raw.storeBytes(of: 2, toByteOffset: MemoryLayout<PaddedState>.offset(of: \.wide)!, as: Int64.self)
        raw.storeBytes(of: flag, toByteOffset: MemoryLayout<PaddedState>.offset(of: \.flag)!, as: Bool.self)
        raw.storeBytes(of: 3, toByteOffset: MemoryLayout<PaddedState>.offset(of: \.half)!, as: UInt16.self)
        return raw.load(as: PaddedState.self)
    }
    #expect(MemoryLayout<PaddedState>.size > 1 + 8 + 1 + 2, "the state has padding")
    var patcher = StatePatcher(options: .default)
    let found = patch(&patcher, padded(0xAA, flag: false), padded(0x55, flag: true))
    #expect(found.operations == [.set(path: [.field("flag")], value: .bool(true))])
    #expect(found.fast)
    #expect(patch(&patcher, padded(0xAA, flag: true), padded(0x55, flag: true)).operations.isEmpty)
}

@Test("A redacted scalar field's change goes down the walk: a set of its redacted node, never its value")
func redactedScalarField() {
    var patcher = StatePatcher(options: .default)
    let old = MixedState()
    var new = old
    new.token = "another-secret-value"
    let found = patch(&patcher, old, new)
    #expect(found.operations.count == 1)
    #expect(!found.fast)
    guard case let .set(path, value)? = found.operations.first else { return }
    #expect(path == [.field("token")])
    #expect(value == .redacted(type: "String"))
    // What the trace gets is these operations: no leaf holds either value.
    #expect(!"\(found.operations)".contains("secret"))
}

@Test("String, Bool, Double fields and two at once take the fast path; enums, optionals and arrays the walk")
func fieldKinds() {
    var patcher = StatePatcher(options: .default)
    let old = MixedState()
    var cases: [(change: (inout MixedState) -> Void, fast: Bool, count: Int)] = [
        ({ $0.isLoading = true }, true, 1),
        ({ $0.query = "grace hopper, a longer query" }, true, 1),
        ({ $0.ratio = -0.25 }, true, 1),
        ({ $0.isLoading = true; $0.query = "lin" }, true, 2),
        ({ $0.mode = .busy(2) }, false, 1),
        ({ $0.selected = nil }, false, 1),
        ({ $0.items.append(4) }, false, 1),
        ({ $0.isLoading = true; $0.selected = 9 }, false, 2),
    ]
    // Each twice: the first patch of the type and later ones.
    cases += cases
    for (index, entry) in cases.enumerated() {
        var new = old
        entry.change(&new)
        let found = patch(&patcher, old, new)
        #expect(found.fast == entry.fast, "case \(index)")
        #expect(found.operations.count == entry.count, "case \(index): \(found.operations)")
    }
    var none = StatePatcher(options: .default)
    let unchanged = patch(&none, old, old)
    #expect(unchanged.operations.isEmpty && unchanged.fast)
    // An optional set from nil, then back.
    var some = old
    some.selected = nil
    #expect(!patch(&patcher, some, old).fast)
}

@Test("Two fields changed at once are set in declaration order")
func twoFieldsInOrder() {
    var patcher = StatePatcher(options: .default)
    // One state and its copy: two `MixedState()`s hold two buffers for `items`.
    let old = MixedState()
    var new = old
    new.ratio = 2
    new.isLoading = true
    let found = patch(&patcher, old, new)
    #expect(found.fast)
    #expect(found.operations == [.set(path: [.field("isLoading")], value: .bool(true)), .set(path: [.field("ratio")], value: .double(2))])
}

@Test("A state whose == calls the change equal has no patch, as in the walk")
func equalsPrunes() {
    var patcher = StatePatcher(options: .default)
    let found = patch(&patcher, LenientState(), LenientState(counted: 0, ignored: true))
    #expect(found.operations.isEmpty)
    #expect(found.fast)
    #expect(patch(&patcher, LenientState(), LenientState(counted: 1, ignored: true)).operations.count == 2)
}

@Test("A root that is a class or an enum is diffed by the walk")
func classAndEnumRootsFallBack() {
    var patcher = StatePatcher(options: .default)
    let first = ClassState(), second = ClassState()
    second.isLoading = true
    for _ in 0..<2 {
        #expect(!patch(&patcher, first, second).fast)
        #expect(!patch(&patcher, EnumState.loading(false), EnumState.loading(true)).fast)
        #expect(!patch(&patcher, EnumState.idle, EnumState.loading(true)).fast)
    }
}

@Test("A first patch, then later ones of the same type and after another type")
func firstAndLaterPatches() {
    var patcher = StatePatcher(options: .default)
    let idle = MixedState()
    var loading = idle
    loading.isLoading = true
    var counts: [Int] = []
    for round in 0..<3 {
        #expect(patch(&patcher, idle, loading).fast, "round \(round)")
        counts.append(patcher.scalarOnlyPatches)
        #expect(patch(&patcher, PaddedState(), PaddedState(small: 9)).fast, "round \(round)")
    }
    #expect(counts == [1, 3, 5])
}

/// Fields of 9 to 16 bytes whose change is in their last bytes only: an optional's tag (its
/// ninth byte), a struct's third word of four bytes.
private struct TailBytesState: Equatable {
    struct Triple: Equatable { var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0 }
    var isLoading = false
    var selected: Int? = 0
    var triple = Triple()
}

@Test("A field of 9 to 16 bytes that changed only in its last bytes is a change")
func changeInTheLastBytesOfAField() {
    #expect(MemoryLayout<Int?>.size == 9 && MemoryLayout<TailBytesState.Triple>.size == 12)
    var patcher = StatePatcher(options: .default)
    let base = TailBytesState()
    // `.some(0)` and `nil` differ in the tag byte alone; the walk sets the field.
    var cleared = base
    cleared.selected = nil
    #expect(!patch(&patcher, base, cleared).operations.isEmpty)
    #expect(!patch(&patcher, cleared, base).operations.isEmpty)
    var third = base
    third.triple.c = 7
    #expect(!patch(&patcher, base, third).operations.isEmpty)
    // With a scalar beside it: still the walk's operations, not the scalar's alone.
    third.isLoading = true
    #expect(patch(&patcher, base, third).operations.count == 2)
}
