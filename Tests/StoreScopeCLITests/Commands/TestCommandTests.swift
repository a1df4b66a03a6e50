import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// End-to-end tests of `storescope test`: the built binary writes a test source and its
/// fixture from a recorded sample session.
@Suite("storescope test", .tags(.process))
struct TestCommandTests {
    static let todosReducer = "TodoReducer().reduce(state:mutation:)"

    @Test("test writes one @Test over a range, the trace copied beside it, effects' actions listed as inputs")
    func writesATestForARange() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("todos", in: directory)
        let output = directory.path("out/CampingReplayTests.swift")
        try FileManager.default.createDirectory(atPath: directory.path("out"), withIntermediateDirectories: true)
        let run = try ChildProcess.storescope([
            "test", trace, "--module", "StoreScopeSamples", "--reducer", Self.todosReducer, "--from", "3", "--to", "4",
            "--name", "camping trip", "--output", output,
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == """
            Wrote \(output): 2 actions of store "todos", #3 through #4
            Fixture \(directory.path("out/CampingReplayTests.sstrace")): a copy of the trace

            """)
        let fixture = try Data(contentsOf: URL(fileURLWithPath: directory.path("out/CampingReplayTests.sstrace")))
        #expect(fixture == (try Data(contentsOf: URL(fileURLWithPath: trace))))

        let source = try String(contentsOfFile: output, encoding: .utf8)
        let actions = try TraceReader(path: trace).allRecords().compactMap { record -> ActionRecord? in
            if case let .action(action) = record { return action }
            return nil
        }
        // The listed actions are the recorded ones of the range, with the effect that emitted each.
        let listed = source.split(separator: "\n").filter { $0.hasPrefix("//   #") }.map(String.init)
        #expect(listed == actions.filter { (3...4).contains($0.seq) }.map { "//   #\($0.seq) \($0.action.qualifiedDescription) from effect \($0.effectID!)" })
        #expect(source.contains("// Effects are not re-run: the actions they emitted in the recording (\"from effect N\" below)\n// are inputs here"))
        #expect(source.contains("// Starting from the recorded state after #2, each recorded action of store \"todos\" from #3\n"))
        #expect(source.contains("// Fixture: CampingReplayTests.sstrace beside this file, a copy of the recorded trace. The test sends the\n// actions written below as Swift literals; the others it decodes from the fixture.\n"))
        #expect(source.components(separatedBy: "@Test(").count == 2)
        #expect(source.contains("""
            import Foundation
            import StoreScope
            import StoreScopeSamples
            import Testing

            @Test("Recorded session \\"camping trip\\", #3 through #4, replays through the reducer as recorded")
            func campingTripReplaysAsRecorded() throws {
                let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CampingReplayTests.sstrace").path
                let actions: [UInt64: TodoMutation] = [
                    3: .toggled(id: 1),
                    // 4: decoded from the fixture, .imported(Todo(…))
                ]
                let replay = ReducerReplay<TodoState, TodoMutation>(
                    store: "todos", from: 3, to: 4, actions: actions,
                    reducer: TodoReducer().reduce(state:mutation:))
                let report = try replay.check(tracePath: fixture)
                #expect(report.divergence == nil, "\\(report)")
                #expect(report.actionsReplayed == 2, "\\(report)")
            }

            """))
        #expect(source.contains("//   storescope test CampingReplayTests.sstrace --module StoreScopeSamples --reducer 'TodoReducer().reduce(state:mutation:)' --from 3 --to 4 --name 'camping trip' --output CampingReplayTests.swift\n"))
        #expect(source.contains("// Every state and action the replay decodes is fully recorded.\n"))
    }

    @Test("test says which recorded values are redacted, in the file and on stdout, and lets them decode as placeholders")
    func redactedInputsAreNamed() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("login", in: directory)
        let run = try ChildProcess.storescope(
            ["test", trace, "--module", "StoreScopeSamples", "--reducer", "{ LoginReducer().reduce(&$0, action: $1, performRoute: { _ in }) }"],
            workingDirectory: directory.url)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("note: action #2: .password was redacted in the recording; the reducer gets \"<redacted>\"\n"))
        let source = try String(contentsOfFile: directory.path("LoginReplayTests.swift"), encoding: .utf8)
        #expect(source.contains("// Not recorded exactly, so not turned into code as it was:\n//   the initial state: .password was redacted in the recording; the reducer gets \"<redacted>\"\n"))
        #expect(source.contains("store: \"login\", from: 1, to: 9, redactedText: \"<redacted>\","))
        #expect(FileManager.default.fileExists(atPath: directory.path("LoginReplayTests.sstrace")))
    }

    /// Issue 39, item 7: the note said "the replay stops there with an error" for values the
    /// app's Decodable may never read (a class its coding keys leave out), and the replay went on.
    @Test("a redacted value, a cut one and a class by identity are named with what happens only if the type's Decodable reads them")
    func undecodableInputsAreNamedHonestly() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("inbox.sstrace")
        let writer = try TraceWriter(path: trace, header: TraceFixture.header(app: "Mail", store: "inbox", schemaFingerprint: 1))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "inbox", state: .structure(type: "InboxState", fields: [
            .init("session", .redacted(type: "UserSession")), .init("cache", .reference(type: "ImageCache", id: 7)),
            .init("count", .int(0)),
        ]))))
        try writer.append(.action(ActionRecord(
            seq: 1, store: "inbox", monotonicNanos: 1_000, wallNanos: 0, reducerNanos: 10,
            action: .enumeration(type: "InboxAction", caseName: "refresh", payload: []))))
        try writer.append(.patch(StatePatch(seq: 1, store: "inbox", operations: [.set(path: [.field("count")], value: .int(1))])))
        try writer.close()
        let run = try ChildProcess.storescope(["test", trace, "--module", "Mail", "--reducer", "inboxReducer"], workingDirectory: directory.url)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let source = try String(contentsOfFile: directory.path("InboxReplayTests.swift"), encoding: .utf8)
        #expect(source.contains("//   the initial state: .session (UserSession) was redacted in the recording: if the type's Decodable reads it, the replay fails there, naming the path\n"), "\(source)")
        #expect(source.contains("//   the initial state: .cache is a ImageCache recorded by its identity alone: if the type's Decodable reads it, the replay fails there, naming the path\n"), "\(source)")
        #expect(!source.contains("stops there"))
    }

    /// A counter store "app" of one `.increment`, its types named `state` and `action`.
    private static func counterTrace(in directory: TemporaryDirectory, state: String, action: String) throws -> String {
        let trace = directory.path("todos.sstrace")
        let writer = try TraceWriter(path: trace, header: TraceFixture.header(app: "Todos", store: "app", schemaFingerprint: 1))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "app", state: .structure(type: state, fields: [.init("count", .int(0))]))))
        try writer.append(.action(ActionRecord(
            seq: 1, store: "app", monotonicNanos: 1_000, wallNanos: 0, reducerNanos: 10, action: .enumeration(type: action, caseName: "increment", payload: []))))
        try writer.append(.patch(StatePatch(seq: 1, store: "app", operations: [.set(path: [.field("count")], value: .int(1))])))
        try writer.close()
        return trace
    }

    /// Issue 39, item 7: a TCA app's trace names `State` and `Action` alone, and the generated
    /// `ReducerReplay<State, Action>` did not compile.
    @Test("types the trace names only by their nested name (TCA's State, Action) are asked for, not written as code that cannot compile")
    func nestedTypeNamesAreAskedFor() throws {
        let directory = try TemporaryDirectory()
        let trace = try Self.counterTrace(in: directory, state: "State", action: "Action")
        let refused = try ChildProcess.storescope(["test", trace, "--module", "Todos", "--reducer", "AppFeature().reduce"], workingDirectory: directory.url)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains(
            "the trace names the state type 'State' and action type 'Action' alone, as Swift names a type nested in another (TCA's AppFeature.State), "
                + "which the test could not resolve; name it: --state Feature.State --action Feature.Action, or --state State --action Action if your app's type is top-level"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("AppReplayTests.swift")))
        let named = try ChildProcess.storescope(
            ["test", trace, "--module", "Todos", "--reducer", "AppFeature().reduce", "--state", "AppFeature.State", "--action", "AppFeature.Action"],
            workingDirectory: directory.url)
        #expect(named.status == 0, "\(named.stderr)")
        let source = try String(contentsOfFile: directory.path("AppReplayTests.swift"), encoding: .utf8)
        #expect(source.contains("ReducerReplay<AppFeature.State, AppFeature.Action>("))
    }

    /// An outside review: `--module 'My App'` wrote `import My App` and exited 0.
    @Test("a --module that is not a Swift module name is a usage error, and nothing is written", arguments: ["My App", "9Lives", "App;", "App.Core", ""])
    func moduleMustBeAModuleName(module: String) throws {
        let directory = try TemporaryDirectory()
        let trace = try Self.counterTrace(in: directory, state: "Todos.State", action: "Todos.Action")
        let output = directory.path("TodosReplayTests.swift")
        let refused = try InProcess.storescope(["test", trace, "--module", module, "--reducer", "reduce", "--output", output])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("--module '\(module)' is not a Swift module name (letters, digits and _, not starting with a digit)"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let written = try InProcess.storescope(["test", trace, "--module", "Todos_2", "--reducer", "reduce", "--output", output])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("import Todos_2\n"))
    }

    /// An outside review: an --output in a folder that does not exist failed only after the
    /// trace was read, naming the fixture, with exit 1.
    @Test("an --output whose folder does not exist is a usage error naming it, and nothing is written")
    func outputFolderMustExist() throws {
        let directory = try TemporaryDirectory()
        let trace = try Self.counterTrace(in: directory, state: "Todos.State", action: "Todos.Action")
        let output = directory.path("missing/TodosReplayTests.swift")
        let refused = try InProcess.storescope(["test", trace, "--module", "Todos", "--reducer", "reduce", "--output", output])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("Error: --output \(output): \(directory.path("missing")) is not a folder that exists\n"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing")))
    }

    /// Issue 39, item 7: a trace that names the feature's types with their feature is written
    /// as code as it is, and `--tca` replays a TCA reducer with the dependencies the test sets.
    @Test("a TCA feature's types named with their feature need no --state or --action; --tca imports StoreScopeTCA and sets dependencies")
    func tcaFeature() throws {
        let directory = try TemporaryDirectory()
        let trace = try Self.counterTrace(in: directory, state: "AppFeature.State", action: "AppFeature.Action")
        let run = try ChildProcess.storescope(["test", trace, "--module", "Todos", "--reducer", "AppFeature()", "--tca"], workingDirectory: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Wrote AppReplayTests.swift: 1 action of store \"app\", #1 through #1\nFixture AppReplayTests.sstrace: a copy of the trace\n"),
                "both named as the output was given: \(run.stdout)")
        let source = try String(contentsOfFile: directory.path("AppReplayTests.swift"), encoding: .utf8)
        #expect(source.contains("import ComposableArchitecture\nimport Foundation\nimport StoreScopeTCA\nimport Testing\nimport Todos\n"), "\(source)")
        #expect(source.contains("        1: .increment,\n"), "the action is written as a literal of the recorded type: \(source)")
        #expect(source.contains("""
                let replay = ReducerReplay<AppFeature.State, AppFeature.Action>(
                    store: "app", from: 1, to: 1, actions: actions,
                    reducer: AppFeature(),
                    dependencies: { dependencies in
            """), "\(source)")
        #expect(source.contains("//   storescope test AppReplayTests.sstrace --module Todos --reducer 'AppFeature()' --tca --output AppReplayTests.swift"), "\(source)")
    }

    @Test("test's usage errors exit 64 with the reason, a missing trace exits 2, an empty range exits 1")
    func errors() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("todos", in: directory)
        let base = ["test", trace, "--module", "StoreScopeSamples"]
        let cases: [([String], Int32, String)] = [
            (base, 64, "Error: missing --reducer EXPR (the reducer entry point, e.g. 'SearchReducer().reduce(oldState:with:)')"),
            (["test", trace, "--reducer", "r"], 64, "Error: missing --module MODULE (the app's module the test imports)"),
            (["test", "--module", "M", "--reducer", "r"], 64, "Error: missing TRACE"),
            (base + ["--reducer", "r", "--from", "5", "--to", "2"], 64, "Error: --from 5 is after --to 2"),
            (base + ["--reducer", "r", "--to", "soon"], 64, "Error: --to expects an action's seq (a number), not 'soon'"),
            (base + ["--reducer", "r", "--store", "nope"], 64, "Error: no store \"nope\" in the trace (stores: todos)"),
            (["test", directory.path("missing.sstrace"), "--module", "M", "--reducer", "r"], 2, "Error: \(directory.path("missing.sstrace")): "),
            (base + ["--reducer", "r", "--from", "900"], 1, "Error: store \"todos\" has no action from #900 on"),
        ]
        for (arguments, status, firstLine) in cases {
            let run = try ChildProcess.storescope(arguments, workingDirectory: directory.url)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix(firstLine), "\(arguments): \(run.stderr)")
            if status == 64 { #expect(run.stderr.split(separator: "\n").first.map(String.init) == firstLine) }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("TodosReplayTests.swift")))
    }

    @Test("A trace's type names never become code unless they are plain type names, and its text cannot break out of the comments")
    func hostileTraceStaysInert() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.sstrace")
        let header = TraceFixture.header(app: "App", store: "main", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header)
        let evil = "S>(); fatalError(\"owned\"); _ = ReducerReplay<S"
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: evil, fields: [.init("n", .int(0))]))))
        let text = "line\nfatalError()\u{2028}x\u{202E}y"
        try writer.append(.action(ActionRecord(seq: 1, store: "main", monotonicNanos: 5, wallNanos: 0, reducerNanos: 1,
            action: .enumeration(type: "A", caseName: "say", payload: [.init("", .string(text)), .init("raw", .scalar(type: "Note\nfatalError()", text: "t"))]))))
        try writer.append(.patch(StatePatch(seq: 1, store: "main", operations: [.set(path: [.field("n")], value: .int(1))])))
        try writer.close()

        let refused = try ChildProcess.storescope(["test", path, "--module", "App", "--reducer", "reduce"], workingDirectory: directory.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Error: the trace's state type 'S>(); fatalError("), "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix("' is not a Swift type name; name it with --state TYPE\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("MainReplayTests.swift")))

        let named = try ChildProcess.storescope(["test", path, "--module", "App", "--reducer", "reduce", "--state", "S"], workingDirectory: directory.url)
        #expect(named.status == 0, "\(named.stderr)")
        let source = try String(contentsOfFile: directory.path("MainReplayTests.swift"), encoding: .utf8)
        let code = source.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("//") }
        #expect(!code.joined().contains("fatalError"), "\(source)")
        #expect(source.contains("ReducerReplay<S, A>("))
        #expect(!source.unicodeScalars.contains("\u{2028}") && !source.unicodeScalars.contains("\u{202E}"))
    }

    @Test("Actions become Swift literals only when every part of them prints as one that compiles anywhere")
    func literalsOnlyWhenPrintable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("literals.sstrace")
        let header = TraceFixture.header(app: "App", store: "main", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: [.init("n", .int(0))]))))
        let actions: [TraceValue] = [
            .enumeration(type: "A", caseName: "set", payload: [.init("", .int(-3)), .init("scale", .double(0.25)), .init("on", .bool(true))]),
            .enumeration(type: "A", caseName: "tags", payload: [.init("", .array([.string("a\"b"), .string("\\n")])), .init("next", .none(type: "Int"))]),
            .enumeration(type: "A", caseName: "default", payload: [.init("mode", .some(.enumeration(type: "Mode", caseName: "fast", payload: [])))]),
            .enumeration(type: "A", caseName: "at", payload: [.init("", .date(0))]),
            .enumeration(type: "A", caseName: "user", payload: [.init("", .structure(type: "User", fields: [.init("id", .int(1))]))]),
            .enumeration(type: "A", caseName: "weird name", payload: []),
            .enumeration(type: "A", caseName: "ratio", payload: [.init("", .double(.nan))]),
            .enumeration(type: "Other", caseName: "reset", payload: []),
        ]
        for (index, action) in actions.enumerated() {
            let seq = UInt64(index + 1)
            try writer.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: action)))
            try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [])))
        }
        try writer.close()
        let run = try ChildProcess.storescope(["test", path, "--module", "App", "--reducer", "reduce"], workingDirectory: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let source = try String(contentsOfFile: directory.path("MainReplayTests.swift"), encoding: .utf8)
        #expect(source.contains(#"""
                let actions: [UInt64: A] = [
                    1: .set(-3, scale: 0.25, on: true),
                    2: .tags(["a\"b", "\\n"], next: nil),
                    3: .`default`(mode: .fast),
                    // 4: decoded from the fixture, .at(1970-01-01T00:00:00Z)
                    // 5: decoded from the fixture, .user(User(…))
                    // 6: decoded from the fixture, .weird name
                    // 7: decoded from the fixture, .ratio(nan)
                    // 8: decoded from the fixture, .reset
                ]

            """#), "\(source)")
    }
}
