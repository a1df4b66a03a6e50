/// 64 bytes that nothing reads or writes: between two groups of atomics, it keeps them on
/// different cache lines (64 bytes on x86-64; Apple's arm64 cores use 128, where it still
/// separates the groups' hottest fields from each other).
@usableFromInline
struct CacheLinePad: Sendable {
    @usableFromInline let bytes: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline init() {}
}
