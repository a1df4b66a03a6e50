import Foundation
import StoreScope
import StoreScopeTestSupport
import Testing

/// The state and action of the scratch app, recorded here; the scratch package declares the
/// same types (same names and shapes) in its own module, as an app would.
struct ScratchCounter: Sendable, Equatable {
    var count = 0
    var history: [Int] = []
}

enum ScratchCounterAction: Sendable, Equatable {
    case add(Int)
    case reset
}

/// End to end, as a user would: a session recorded with StoreScope, `storescope test` run on
/// it, and the generated file compiled and run in a package of its own that depends on
/// StoreScope by path, once with the recorded reducer (passes) and once with a regressed one
/// (fails at the right seq and path).
@Suite("A generated test in a scratch package", .tags(.process, .slow))
struct ScratchPackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func appSource(resetKeepsHistory: Bool) -> String {
        """
        public struct ScratchCounter: Sendable, Equatable, Decodable {
            public var count = 0
            public var history: [Int] = []
        }

        public enum ScratchCounterAction: Sendable, Equatable, Decodable {
            case add(Int)
            case reset
        }

        public func counterReducer(_ state: inout ScratchCounter, _ action: ScratchCounterAction) {
            switch action {
            case let .add(amount):
                state.count += amount
                state.history.append(amount)
            case .reset:
                state.count = 0
                \(resetKeepsHistory ? "" : "state.history = []")
            }
        }

        """
    }

    /// A Swift string literal of `text` (a path or a package identity).
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Where the scratch package builds: one folder in this package's `.build` for every run,
    /// so that StoreScope, which it builds from these sources, is compiled again only when they
    /// changed (the first run takes minutes, the next seconds), and so that SwiftPM's lock files,
    /// named after the folder, stay two in all instead of two more in `/tmp` per run.
    static let scratchPath = root.appendingPathComponent(".build/scratch-package").path

    static func swift(_ arguments: [String], in directory: URL) throws -> ChildProcess.Outcome {
        try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments + ["--scratch-path", scratchPath], workingDirectory: directory,
            timeout: .seconds(300))
    }

    @Test("The generated file compiles against the app's module, passes, and fails at the regressed action", .timeLimit(.minutes(10)))
    func generatedFileBuildsAndRuns() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("counter.sstrace")
        let recorder = try Recorder(sink: .file(trace), mainStore: "counter", configuration: .init(diagnostics: { _ in }))
        var state = ScratchCounter()
        let recording = recorder.store("counter", initialState: state, actions: ScratchCounterAction.self)
        for action in [ScratchCounterAction.add(2), .add(5), .reset, .add(1)] {
            _ = recording.record(action, reducing: &state) { state, action in
                switch action {
                case let .add(amount):
                    state.count += amount
                    state.history.append(amount)
                case .reset:
                    state = ScratchCounter()
                }
            }
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let package = directory.url.appendingPathComponent("scratch")
        let tests = package.appendingPathComponent("Tests/CounterAppTests")
        let app = package.appendingPathComponent("Sources/CounterApp")
        for folder in [tests, app] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let identity = Self.root.lastPathComponent.lowercased()
        try """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Scratch",
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: \(Self.quoted(Self.root.path)))],
                targets: [
                    .target(name: "CounterApp"),
                    .testTarget(
                        name: "CounterAppTests",
                        dependencies: ["CounterApp", .product(name: "StoreScope", package: \(Self.quoted(identity)))],
                        exclude: ["CounterReplayTests.sstrace"]),
                ]
            )

            """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.appSource(resetKeepsHistory: false).write(to: app.appendingPathComponent("Counter.swift"), atomically: true, encoding: .utf8)

        let generate = try ChildProcess.run(product: "storescope", [
            "test", trace, "--module", "CounterApp", "--reducer", "counterReducer", "--output", tests.appendingPathComponent("CounterReplayTests.swift").path,
        ])
        #expect(generate.status == 0, "\(generate.stderr)")

        let passing = try Self.swift(["test", "--disable-xctest"], in: package)
        #expect(passing.status == 0, "swift test failed:\n\(passing.stdout)\n\(passing.stderr)")
        #expect(passing.stdout.contains("Test \"Recorded session \"counter\", #1 through #4, replays through the reducer as recorded\" passed"), "\(passing.stdout)")

        try Self.appSource(resetKeepsHistory: true).write(to: app.appendingPathComponent("Counter.swift"), atomically: true, encoding: .utf8)
        let failing = try Self.swift(["test", "--disable-xctest"], in: package)
        #expect(failing.status != 0)
        #expect(
            failing.stdout.contains("after #3 ScratchCounterAction.reset the reducer's state differs from the recording at .history"),
            "\(failing.stdout)\n\(failing.stderr)")
    }
}
