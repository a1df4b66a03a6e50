/// Whether a `storescope listen` on this machine can be reached through a Unix socket: the one
/// platform fact the default sink depends on.
///
/// A Unix socket is a file: the app and the listener must share a filesystem. They do on Linux,
/// on macOS (Mac Catalyst included), and in the iOS, tvOS, watchOS and visionOS Simulators, whose
/// apps run as processes of the Mac and see its `/tmp`. They do not on an iPhone, Apple TV, Apple
/// Watch or Vision Pro: nothing on the Mac can listen inside the device, so there a recorder
/// writes a file in the app's container (``RecordingSink/default(file:)``).
enum LocalListener {
    /// Whether this build runs where a listener's Unix socket can exist.
    static var isReachable: Bool {
        #if (os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)) && !targetEnvironment(simulator) && !targetEnvironment(macCatalyst)
        return false
        #else
        return true
        #endif
    }
}
