import Foundation

/// Runs the built `storescope` executable, found in the products directory next to the test
/// bundle (or in `.build/debug` when tests run from elsewhere).
enum BinaryLocator {
    /// The `storescope` executable.
    static func storescope() throws -> URL {
        let bundle = Bundle.main.bundleURL
        var candidates = [bundle, bundle.deletingLastPathComponent()]
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug"))
        for directory in candidates {
            let url = directory.appendingPathComponent("storescope")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw ExecutableNotFound(searched: candidates.map(\.path))
    }

    /// What one run of `storescope` printed and how it exited.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `storescope arguments` to completion.
    static func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = try storescope()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    struct ExecutableNotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String { "storescope not found in \(searched.joined(separator: ", ")); build it first" }
    }
}

/// A fresh temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("storescope-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
