import Observation
import Synchronization
import Foundation

// Above the floor (iOS 18 / macOS 15), without any @available: must be reported.
func plantedAtomic() -> Int {
    let counter = Atomic<Int>(0) // PLANTED(availability)
    return counter.load(ordering: .relaxed) // PLANTED(availability)
}

// iOS 17 / macOS 14: above the floors iOS 16 / macOS 13.
final class PlantedRegistrar {
    let registrar = ObservationRegistrar() // PLANTED(availability)
}

// A member newer than its type: Collection.indices(where:) is iOS 18 / macOS 15.
func plantedMember(_ values: [Int]) -> Int {
    values.indices(where: { $0 > 1 }).ranges.count // PLANTED(availability)
}

// AttributedString is iOS 15 / macOS 12, below the floors: must pass.
func belowFloor() -> Int {
    AttributedString("below the floor").characters.count // GUARDED(availability)
}

// Inside a declaration whose @available covers the symbol on every platform: must pass.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
func guardedFunction() -> Int {
    let counter = Atomic<Int>(1) // GUARDED(availability)
    return counter.load(ordering: .relaxed) // GUARDED(availability)
}

// The @available of an enclosing type and of an enclosing extension count too.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, *)
final class GuardedType: Sendable {
    let flag = Atomic<Bool>(false) // GUARDED(availability)
    func set() { flag.store(true, ordering: .relaxed) } // GUARDED(availability)
}

struct Plain {}

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, *)
extension Plain {
    func guardedInExtension() -> Bool { Atomic<Bool>(true).load(ordering: .relaxed) } // GUARDED(availability)
}

// Covers macOS and iOS but not tvOS/watchOS (a `*` means their floor there): still reported.
@available(iOS 18, macOS 15, *)
func halfGuarded() -> Int {
    Atomic<Int>(2).load(ordering: .relaxed) // PLANTED(availability)
}

// `if #available` is invisible to the index: this use is in the self-test's allowlist.
func runtimeChecked() -> Int {
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
        return Mutex<Int>(3).withLock { $0 } // GUARDED(availability)
    }
    return 3
}
