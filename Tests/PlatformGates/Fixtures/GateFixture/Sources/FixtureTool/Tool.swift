import Observation
import Synchronization

// macOS 14 > the tool-side floor macOS 13: reported.
final class ToolModel {
    let registrar = ObservationRegistrar() // PLANTED(availability)
}

// Only macOS is checked on the tool side: @available(macOS 15, *) is enough.
@available(macOS 15, *)
func toolCounter() -> Int {
    Atomic<Int>(0).load(ordering: .relaxed) // GUARDED(availability)
}
