import Foundation
import TraceFormat

/// The floor of any hand-off at UI pace, for comparison with `didReduce`: one clock read and a
/// queued action's bytes written to the next slot of a ring that another thread reads,
/// published with one release store. No lock, no allocation, no Swift array.
enum BareHandOff {
    /// Times 2,000 such hand-offs about 1 ms apart; returns the samples in nanoseconds.
    static func timeAtUIPace(bytes: Int) -> Samples {
        let slotSize = (bytes + 63) / 64 * 64
        let slotCount = 4_096
        let ring = UnsafeMutableRawPointer.allocate(byteCount: slotSize * slotCount, alignment: 64)
        ring.initializeMemory(as: UInt8.self, repeating: 0, count: slotSize * slotCount)
        defer { ring.deallocate() }
        let shared = Shared()
        let address = Int(bitPattern: ring)
        let reader = Thread {
            // Reads what was published every 250 µs, as the worker polls.
            let ring = UnsafeRawPointer(bitPattern: address)!
            var seen = 0
            var sum: UInt64 = 0
            while !shared.done.load(ordering: .relaxed) {
                let upTo = shared.published.load(ordering: .acquiring)
                while seen < upTo {
                    let slot = ring + (seen % slotCount) * slotSize
                    for word in 0..<(bytes / 8) { sum &+= slot.load(fromByteOffset: word * 8, as: UInt64.self) }
                    seen += 1
                }
                usleep(250)
            }
            shared.checksum.store(Int(truncatingIfNeeded: sum), ordering: .relaxed)
        }
        reader.start()
        var samples: [Double] = []
        for index in 0..<2_000 {
            Thread.sleep(forTimeInterval: 0.001)
            let start = Stopwatch.now()
            let now = Stopwatch.now()
            let slot = ring + (index % slotCount) * slotSize
            for word in 0..<(bytes / 8) { slot.storeBytes(of: now &+ UInt64(word), toByteOffset: word * 8, as: UInt64.self) }
            shared.published.store(index + 1, ordering: .releasing)
            samples.append(Double(Stopwatch.now() - start))
        }
        shared.done.store(true, ordering: .relaxed)
        return Samples(samples)
    }

    private final class Shared: Sendable {
        let published = AtomicValue<Int>(0)
        let done = AtomicValue<Bool>(false)
        let checksum = AtomicValue<Int>(0)
    }
}
