import Foundation

/// Where live sessions meet: the socket path an app streams to (`RecordingSink.socket`) and
/// `storescope listen` listens on when neither is told otherwise.
public enum SocketPath {
    /// The environment variable that names the socket (and turns streaming on for
    /// `RecordingSink.default(file:)`).
    public static let environmentVariable = "STORESCOPE_SOCKET"

    /// `$STORESCOPE_SOCKET` if set; else `$XDG_RUNTIME_DIR/storescope/storescope.sock`; else
    /// `/tmp/storescope-$UID/storescope.sock`.
    public static var `default`: String {
        resolve(environment: ProcessInfo.processInfo.environment, userID: Syscalls.userID)
    }

    /// The default path for a given environment and user (what ``default`` computes).
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - userID: the real user id.
    /// - Returns: the socket path.
    public static func resolve(environment: [String: String], userID: UInt32) -> String {
        if let path = environment[environmentVariable], !path.isEmpty { return path }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return (runtime.hasSuffix("/") ? runtime : runtime + "/") + "storescope/storescope.sock"
        }
        return "/tmp/storescope-\(userID)/storescope.sock"
    }
}
