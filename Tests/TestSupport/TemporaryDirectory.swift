import Foundation

/// A fresh directory for one test's files, removed with everything in it when the last
/// reference goes away.
///
/// Hold it in a `let` for as long as its files are used:
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let trace = directory.path("session.sstrace")
/// ```
public final class TemporaryDirectory: Sendable {
    /// The directory's location.
    public let url: URL

    /// The directory's path.
    public let path: String

    /// Creates an empty directory under the system's temporary directory, private (`0700`) as
    /// the directories apps and listeners put sessions in must be.
    ///
    /// - Throws: The file system's error when the directory cannot be created.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("storescope-tests-\(UUID().uuidString)", isDirectory: true)
        path = url.path
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of an entry inside the directory (not created).
    ///
    /// - Parameter name: The entry's name, or a relative path.
    /// - Returns: The entry's absolute path.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
