import Foundation
import StoreScope
import StoreScopeTestSupport
import Testing
import TraceAnalysis

// Issue 20, item 4: a mutable class in state is recorded by reference (its identity only).
// `cat`, `diff` and the viewer printed it as `Preferences#1(…)`, which reads as fields left
// out; `stats` called an action that only mutated it in place a no-op; and nothing told the
// app's developer at record time. These tests record a real trace and read it with the built
// `storescope`.

/// A mutable class kept in state, as apps sometimes do.
private final class Preferences: @unchecked Sendable {
    // @unchecked: test fixture; the recorder never reads `theme` (that is the point).
    var theme = "light"
}

private struct Settings: Sendable {
    var volume = 0
    var preferences = Preferences()
}

private enum SettingsAction: Sendable {
    case louder, toggleTheme, resetPreferences
}

private func reduce(_ state: inout Settings, _ action: SettingsAction) {
    switch action {
    case .louder: state.volume += 1
    case .toggleTheme: state.preferences.theme = state.preferences.theme == "light" ? "dark" : "light"
    case .resetPreferences: state.preferences = Preferences()
    }
}

private struct Counter: Sendable {
    var n = 0
}

@Suite(.tags(.process)) struct MutableClassStateTests {
    struct Recording {
        var path: String
        /// The ids of the first and the replacing `Preferences` instance.
        var first: UInt64
        var second: UInt64
        /// What the recorder reported through its diagnostics.
        var diagnostics: [String]
    }

    /// Records #1 louder, #2 and #3 toggleTheme (in place), #4 resetPreferences (a new
    /// instance), #5 louder, into a `settings` store holding a `Preferences`, and #6-#7 into a
    /// `counter` store holding none.
    private static func record(in directory: TemporaryDirectory) throws -> Recording {
        let path = directory.path("settings.sstrace")
        let messages = LockedMessages()
        let recorder = try Recorder(sink: .file(path), mainStore: "settings", configuration: .init(appName: "Settings", diagnostics: { messages.append($0) }))
        var state = Settings()
        let first = state.preferences
        let settings = recorder.store("settings", initialState: state, actions: SettingsAction.self)
        var counter = Counter()
        let counting = recorder.store("counter", initialState: counter, actions: Int.self)
        for action in [SettingsAction.louder, .toggleTheme, .toggleTheme, .resetPreferences, .louder] {
            settings.record(action, reducing: &state, reduce)
        }
        for step in [1, 0] { counting.record(step, reducing: &counter) { $0.n += $1 } }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        return Recording(path: path, first: try Self.id(of: first), second: try Self.id(of: state.preferences), diagnostics: messages.all)
    }

    private static func id(of preferences: Preferences) throws -> UInt64 {
        guard case let .reference("Preferences", id) = captureValue(preferences) else {
            throw Failure("a Preferences is captured as a reference: \(captureValue(preferences))")
        }
        return id
    }

    @Test("cat prints a mutable instance as a reference with its id, never as a struct with fields left out")
    func catPrintsReferences() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(in: directory)
        let cat = try InProcess.storescope(["cat", recording.path])
        #expect(cat.status == 0, "\(cat.stderr)")
        #expect(cat.stdout.contains("Settings(volume: 0, preferences: Preferences (reference #\(recording.first)))"), "\(cat.stdout)")
        #expect(cat.stdout.contains("preferences = Preferences (reference #\(recording.second))"), "\(cat.stdout)")
        #expect(!cat.stdout.contains("(…)"), "\(cat.stdout)")
    }

    @Test("diff shows the replaced instance as one reference for another")
    func diffShowsReplacedReference() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(in: directory)
        let diff = try InProcess.storescope(["diff", recording.path, "--from", "3", "--to", "4"])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout == """
            settings from #3 to #4:
              Settings(
                volume: 1
            -   preferences: Preferences (reference #\(recording.first))
            +   preferences: Preferences (reference #\(recording.second))
              )

            """)
    }

    @Test("The viewer's state tree shows the reference as one line of its own")
    func viewerTreeShowsReference() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(in: directory)
        let session = try TraceSession(path: recording.path)
        let state = try #require(session.state(of: "settings", after: 2).value)
        #expect(TreeOutline.rows(of: state, folded: []).map(\.text) == [
            "Settings(", "volume: 1", "preferences: Preferences (reference #\(recording.first))", ")",
        ])
    }

    @Test("stats does not call an action that may only have changed a mutable instance a no-op")
    func statsSaysWhatIsKnown() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(in: directory)
        let stats = try InProcess.storescope(["stats", recording.path])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains(try Regex(#"\n  action +count +no-op +unknown +p50 "#)), "\(stats.stdout)")
        let rows = stats.stdout.split(separator: "\n").map { $0.split(separator: " ").prefix(4).joined(separator: " ") }
        #expect(rows.contains("SettingsAction.toggleTheme 2 0 2"), "\(stats.stdout)")
        #expect(rows.contains("SettingsAction.louder 2 0 0"), "\(stats.stdout)")
        #expect(rows.contains("Int 2 1 0"), "\(stats.stdout)")
        #expect(stats.stdout.contains("""
            no-op actions: 1 of 7 left the state unchanged
            unknown: 2 more wrote no change, but their state holds mutable class instances (Preferences),
              recorded by reference: a change made inside one in place is not in the trace, so whether they changed it is unknown

            """), "\(stats.stdout)")
        let json = try InProcess.storescope(["stats", "--json", recording.path])
        let session = try Analysis.jq(["-c", "select(.kind == \"session\") | [.noOps, .unjudgedByReferences, .referenceTypes]"], input: json.stdout)
        #expect(session.stdout == #"[1,2,["Preferences"]]"# + "\n")
        let toggles = try Analysis.jq(["-c", "select(.case == \"SettingsAction.toggleTheme\") | [.noOps, .unjudgedByReferences]"], input: json.stdout)
        #expect(toggles.stdout == "[0,2]\n")
    }

    @Test("The recorder warns once per store whose state holds mutable instances, and the trace says so too")
    func warnsOnceAtRecordTime() throws {
        let directory = try TemporaryDirectory()
        let recording = try Self.record(in: directory)
        let warning = #"the state of store "settings" holds instances of mutable classes (Preferences): they are recorded by reference, "#
            + "their identity only, so changes made inside them in place are not in the trace (keep that data in value types, "
            + "or conform the class to TraceValueConvertible)"
        #expect(recording.diagnostics == [warning])
        let cat = try InProcess.storescope(["cat", recording.path])
        #expect(cat.stdout.components(separatedBy: "holds instances of mutable classes").count == 2, "\(cat.stdout)")
        #expect(cat.stdout.contains("warning after #0: " + warning), "\(cat.stdout)")
        // The warning takes the time the store was registered, so the trace's times still go forward.
        let times = cat.stdout.split(separator: "\n").filter { $0.hasPrefix("+") }.compactMap { Double($0.dropFirst().prefix { $0 != "s" }) }
        #expect(times.count == 9 && times == times.sorted(), "\(cat.stdout)")
        let check = try InProcess.storescope(["check", recording.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}

/// Messages collected from any thread.
private final class LockedMessages: Sendable {
    private let messages = LockedValue<[String]>([])
    func append(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}

private struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
