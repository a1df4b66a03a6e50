/// The actor the samples' stores are isolated to: their stand-in for the main actor that the
/// originals' SwiftUI stores live on. A global actor of its own runs on the cooperative pool,
/// so a synchronous caller (the `storescope demo` command) can wait for a scenario without
/// running a main run loop.
@globalActor
public actor StoreActor {
    /// The shared instance.
    public static let shared = StoreActor()
}
