#if canImport(Glibc)
import Foundation
import StoreScopeTestSupport
import Testing

/// The real `storescope view` process keeps to glibc's main arena (``OneMallocArena``, enabled
/// by the viewer's loop before its reader's threads start), read from outside the process: its
/// memory map shows no heap of another arena after the reader has read on its threads.
@Suite("The viewer process's malloc arenas", .enabled(if: Tmux.path != nil && hasProcFileSystem), .tags(.terminal))
struct ViewerProcessArenaTests {
    @Test("After reading the whole trace on its reader's threads, the viewer has no arena but glibc's main one")
    func oneArena() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = try AnalysisCommandTests.fixture("users")
        tmux.type("\(Tmux.keepingPID("\(storescope) view \(trace)"))")
        try tmux.waitFor("#1/9")
        // The last action and a search: chunks decoded, states built, matches found off the loop.
        tmux.keys("G")
        try tmux.waitFor("#9/9")
        tmux.type("/user")
        try tmux.waitFor("no later match for user")
        let pid = try tmux.keptPID()
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        #expect(Self.arenaHeaps(inMaps: maps) == 0, "\(maps)")
        tmux.keys("q")
    }

    /// How many heaps of glibc arenas other than the main one a `/proc/PID/maps` lists. glibc
    /// maps each such arena's heap as 64 MiB of anonymous memory aligned to 64 MiB (its
    /// HEAP_MAX_SIZE on 64-bit systems), the part in use read-write and the rest inaccessible;
    /// the main arena grows the program break instead, and thread stacks are neither that size
    /// nor in that order.
    static func arenaHeaps(inMaps maps: String) -> Int {
        struct Mapping { var start: UInt64, end: UInt64, permissions: Substring, anonymous: Bool }
        let mappings = maps.split(separator: "\n").compactMap { line -> Mapping? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let bounds = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 5, bounds.count == 2, let start = UInt64(bounds[0], radix: 16), let end = UInt64(bounds[1], radix: 16) else { return nil }
            return Mapping(start: start, end: end, permissions: fields[1], anonymous: fields.count == 5)
        }
        let heapSize: UInt64 = 64 << 20
        var heaps = 0
        for (index, mapping) in mappings.enumerated() where mapping.anonymous && mapping.start % heapSize == 0 && mapping.permissions.hasPrefix("rw") {
            var end = mapping.end
            if index + 1 < mappings.count, case let next = mappings[index + 1], next.anonymous, next.start == end, next.permissions.hasPrefix("---") {
                end = next.end
            }
            if end - mapping.start == heapSize { heaps += 1 }
        }
        return heaps
    }
}
#endif
