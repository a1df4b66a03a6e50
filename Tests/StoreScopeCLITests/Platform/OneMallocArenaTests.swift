#if canImport(Glibc)
import Foundation
import Glibc
import Testing

@testable import StoreScopeCLI

/// The viewer's allocator keeps to one arena (``OneMallocArena``): threads started afterwards
/// and allocating at the same moment add no arena to the process, so what one thread freed
/// serves the next.
@Suite("One malloc arena")
struct OneMallocArenaTests {
    @Test("Threads allocating at once after it is enabled add no glibc arena")
    func threadsShareTheArenas() throws {
        OneMallocArena.enable()
        let before = try #require(Self.arenas())
        let threads = 8
        let allocated = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            Thread {
                // 64 KiB: below glibc's mmap threshold, so served by the thread's arena.
                let block = malloc(64 << 10)!
                memset(block, 1, 64 << 10)
                allocated.signal()
                release.wait()
                free(block)
                done.signal()
            }.start()
        }
        for _ in 0..<threads { allocated.wait() }
        let during = try #require(Self.arenas())
        for _ in 0..<threads { release.signal() }
        for _ in 0..<threads { done.wait() }
        #expect(during <= before)
    }

    /// How many arenas glibc's `malloc_info` lists (its `<heap nr=…>` elements).
    static func arenas() -> Int? {
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info"), let file = tmpfile() else { return nil }
        defer { fclose(file) }
        guard unsafeBitCast(symbol, to: MallocInfo.self)(0, file) == 0 else { return nil }
        rewind(file)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let read = fread(&buffer, 1, buffer.count, file), read > 0 { bytes += buffer[0..<read] }
        return String(decoding: bytes, as: UTF8.self).components(separatedBy: "<heap nr=").count - 1
    }
}
#endif
