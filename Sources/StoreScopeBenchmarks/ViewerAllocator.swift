import Foundation
import StoreScopeCLI

/// Sets the allocator of a benchmark that runs the viewer in its own process as the viewer sets
/// it (``LargeBlockReuse`` at the start of `storescope`, ``OneMallocArena`` when the viewer
/// starts), or as an environment variable asks, to measure what each costs: `default` leaves
/// glibc as it comes, `thresholds` raises only its thresholds (the viewer before it kept to one
/// arena).
enum ViewerAllocator {
    static func set(from variable: String) {
        let choice = ProcessInfo.processInfo.environment[variable]
        if choice != "default" { LargeBlockReuse.enable() }
        if choice != "default", choice != "thresholds" { OneMallocArena.enable() }
    }
}
