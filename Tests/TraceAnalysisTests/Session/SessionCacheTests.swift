import Testing
import TraceFormat
@testable import TraceAnalysis

/// The chunk cache evicts the least recently used chunk in constant time (amortized): a read
/// of a trace of many small chunks stays linear. Counted in entries examined, never in time.
@Suite("Session cache")
struct SessionCacheTests {
    static let records: [Record] = [.log(LogRecord(level: .info, message: "x", monotonicNanos: 1, seq: 1))]

    @Test("Storing 100,000 chunks in a cache holding 40,000 examines each cached entry about once, not the whole cache per store")
    func evictionIsAmortizedConstant() {
        var cache = SessionCache(chunkBudget: 40_000, stateBudget: 4)
        for index in 0..<100_000 {
            cache.store(Self.records, ofChunk: index, cost: 1)
            // A screen reads back the chunks it just stored, as the viewer does.
            if index >= 2 { _ = cache.records(ofChunk: index - 2) }
        }
        #expect(cache.entriesExamined <= 2 * 100_000, "\(cache.entriesExamined) entries examined")
    }

    @Test("Eviction keeps the recently used chunks and drops the least recently used one")
    func leastRecentlyUsedGoes() {
        var cache = SessionCache(chunkBudget: 3, stateBudget: 4)
        for index in 0..<3 { cache.store(Self.records, ofChunk: index, cost: 1) }
        _ = cache.records(ofChunk: 0)
        cache.store(Self.records, ofChunk: 3, cost: 1)
        #expect(cache.records(ofChunk: 1) == nil, "1 was the least recently used")
        #expect(cache.records(ofChunk: 0) != nil)
        #expect(cache.records(ofChunk: 2) != nil)
        #expect(cache.records(ofChunk: 3) != nil)
        cache.store(Self.records, ofChunk: 4, cost: 2)
        #expect(cache.records(ofChunk: 0) == nil && cache.records(ofChunk: 2) == nil)
        #expect(cache.records(ofChunk: 3) != nil && cache.records(ofChunk: 4) != nil)
    }

    @Test("A chunk larger than the budget stays, apart, while small chunks come and go; the next one that large replaces it")
    func oversizedChunkKeptApart() {
        var cache = SessionCache(chunkBudget: 3, stateBudget: 4)
        cache.store(Self.records, ofChunk: 0, cost: 10)
        for index in 1...20 { cache.store(Self.records, ofChunk: index, cost: 1) }
        #expect(cache.records(ofChunk: 0) != nil, "the large chunk was evicted by small ones")
        #expect(cache.records(ofChunk: 20) != nil && cache.records(ofChunk: 19) != nil && cache.records(ofChunk: 18) != nil)
        #expect(cache.records(ofChunk: 17) == nil, "small chunks stay within the budget")
        cache.store(Self.records, ofChunk: 30, cost: 50)
        #expect(cache.records(ofChunk: 0) == nil && cache.records(ofChunk: 30) != nil)
        #expect(cache.records(ofChunk: 20) != nil)
    }
}
