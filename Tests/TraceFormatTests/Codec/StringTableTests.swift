import Testing
@testable import TraceFormat
import StoreScopeTestSupport

/// The string table interns names per chunk; a cache keyed by a string's representation sits in
/// front of its dictionary. Whatever the cache finds or misses, a name must get the index of
/// its own text, and that text must come back from the table.
@Suite struct StringTableTests {
    /// Builds `text` as a fresh heap string, so equal texts have different storage.
    func fresh(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    @Test func equalTextsShareAnIndexWhateverTheirStorage() {
        var table = StringTable()
        let long = "StoreScopeBenchmarks.UsersFixture.State"
        let first = table.intern(long)
        #expect(table.intern(long) == first)
        #expect(table.intern(fresh(long)) == first, "same text, other storage")
        #expect(table.intern("isLoading") == table.intern(fresh("isLoading")), "small strings")
        #expect(table.strings == [long, "isLoading"])
    }

    @Test func manyNamesCompetingForTheCacheEachKeepTheirOwnIndex() {
        var table = StringTable()
        var generator = SplitMix64(seed: 7)
        // Far more names than the cache has slots, short (inline) and long (heap), interned in
        // a random order, each several times and through different string instances.
        let names = (0..<500).map { $0 % 2 == 0 ? "f\($0)" : "a.rather.long.qualified.TypeName\($0)" }
        var expected: [String: UInt64] = [:]
        for _ in 0..<20_000 {
            let name = names[Int.random(in: 0..<names.count, using: &generator)]
            let instance = Bool.random(using: &generator) ? name : fresh(name)
            let index = table.intern(instance)
            if let known = expected[name] { #expect(index == known) } else { expected[name] = index }
            #expect(table.strings[Int(index)] == name)
        }
        #expect(Set(table.strings).count == table.strings.count, "no text is interned twice")
    }

    @Test func aNameFreedAndReplacedByAnotherIsNotMistakenForIt() {
        var table = StringTable()
        // Strings of the same length made and dropped one after another: with the cache not
        // holding them, the allocator would hand the same address to the next one.
        for round in 0..<2_000 {
            let name = fresh("transient.name.\(100_000 + round)")
            let index = table.intern(name)
            #expect(table.strings[Int(index)] == "transient.name.\(100_000 + round)")
        }
        #expect(table.strings.count == 2_000)
    }

    @Test func aNewChunkStartsAnEmptyTable() {
        var table = StringTable()
        let name = "store"
        #expect(table.intern("other") == 0)
        #expect(table.intern(name) == 1)
        table.removeAll()
        #expect(table.intern(name) == 0, "the cache forgot the previous chunk's indices")
        #expect(table.strings == ["store"])
    }
}
