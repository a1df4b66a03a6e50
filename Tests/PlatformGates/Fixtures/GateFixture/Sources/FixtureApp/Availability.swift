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

// The extended type's name in an extension's header: covered by the extension's own @available.
protocol FixtureScalar {}

@available(iOS 18, macOS 15, macCatalyst 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Int128: FixtureScalar {} // GUARDED(availability)

extension UInt128: FixtureScalar {} // PLANTED(availability)

// An attached macro's expansion is reported at the attribute's line (and the property's), with
// no relation or one to a generated symbol: the class's @available (the line above) covers it.
@available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, watchOS 10, visionOS 1, *)
@Observable // GUARDED(availability)
final class GuardedModel {
    var count = 0 // GUARDED(availability)
    @ObservationIgnored var cache = 0 // GUARDED(availability)
}

// Builds on Linux (no availability there); on Darwin below iOS 17 / macOS 14 it does not.
@Observable // PLANTED(availability)
final class PlantedModel {
    var count = 0
    @ObservationIgnored var cache = 0 // PLANTED(availability)
}

// Our own @available declarations are dated like the library's.
@available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, watchOS 10, visionOS 1, *)
struct NewerThing {
    func value() -> Int { 1 }
}

func plantedOwnUse() -> Int {
    NewerThing().value() // PLANTED(availability)
}

@available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, watchOS 10, visionOS 1, *)
func guardedOwnUse() -> Int {
    NewerThing().value() // GUARDED(availability)
}

// An extension of it without an @available of its own: Darwin asks for one.
extension NewerThing { // PLANTED(availability)
    func more() -> Int { value() + 1 } // GUARDED(availability)
}

// With one (the graphs merge it into the type: its @available is read from the source).
@available(iOS 17, macOS 14, macCatalyst 17, tvOS 17, watchOS 10, visionOS 1, *)
extension NewerThing { // GUARDED(availability)
    func most() -> Int { value() + 2 } // GUARDED(availability)
}
