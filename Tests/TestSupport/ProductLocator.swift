import Foundation

/// Finds executables built by the package (the `storescope` binary, test fixtures) in the
/// products directory that holds the running test bundle.
public enum ProductLocator {
    /// The built executable named `name`.
    ///
    /// - Parameter name: The executable product's name, such as `"storescope"`.
    /// - Returns: The executable's location.
    /// - Throws: ``ProductNotFound`` naming the directories searched.
    public static func url(of name: String) throws -> URL {
        try directory(holding: name, where: FileManager.default.isExecutableFile(atPath:)).appendingPathComponent(name)
    }

    /// The products directory that holds `path` (the built modules are in `Modules/`).
    ///
    /// - Parameters:
    ///   - path: a path relative to the products directory.
    ///   - holds: whether a candidate's `path` is what is looked for; it exists, by default.
    /// - Returns: the directory.
    /// - Throws: ``ProductNotFound`` naming the directories searched.
    public static func directory(
        holding path: String, where holds: (String) -> Bool = FileManager.default.fileExists(atPath:)
    ) throws -> URL {
        let bundle = Bundle.main.bundleURL
        var candidates = [bundle, bundle.deletingLastPathComponent()]
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug"))
        for directory in candidates where holds(directory.appendingPathComponent(path).path) {
            return directory
        }
        throw ProductNotFound(name: path, searched: candidates.map(\.path))
    }
}

/// A product the tests need was not built.
public struct ProductNotFound: Error, CustomStringConvertible {
    /// The executable's name.
    public var name: String
    /// Where it was looked for.
    public var searched: [String]
    /// One line naming both.
    public var description: String { "\(name) not found in \(searched.joined(separator: ", ")); build it first" }
}
