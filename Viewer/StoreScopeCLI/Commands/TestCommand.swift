import Foundation
import TraceAnalysis
import TraceFormat

/// `storescope test`: turns a recorded session into a Swift Testing regression test that
/// replays the store's recorded actions through the app's real reducer (`ReducerReplay`) and
/// fails with the first divergence.
///
/// It writes two files: the test source (`--output`, `<Name>ReplayTests.swift` by default) and,
/// beside it, its fixture: a byte-for-byte copy of the trace, named like the source with the
/// `.sstrace` extension. The copy is the whole trace, not a cut of it: the format is append-only
/// and a cut would be a second writer of it, while `ReducerReplay` reads a range of any trace.
/// The test finds the fixture through `#filePath`, so it needs no resources in the target.
///
/// The command links none of the app's types: the actions are listed as comments, and
/// everything that the trace cannot give back to the reducer (redacted text, values cut by a
/// capture limit, class instances recorded by identity) is said in the file and on stdout.
enum TestCommand: Command {
    static let spec = CommandSpec(
        name: "test",
        abstract: "Write a Swift Testing test that replays a recorded session through your reducer.",
        arguments: [.init(name: "TRACE", help: "The recorded trace.")],
        options: [
            .value("module", "MODULE", help: "The app's module the test imports (required)."),
            .value("reducer", "EXPR", help: "The reducer entry point: (inout State, Action) -> Void, (State, Action) -> State, or (inout State, Action) -> Effects, whose effects the replay drops (required)."),
            .value("store", "NAME", help: "The store to replay (default: the main store: the one the app named, else the only or first to register)."),
            .value("from", "SEQ", help: "The first action to replay (default: the store's first)."),
            .value("to", "SEQ", help: "The last action to replay (default: the store's last)."),
            .value("state", "TYPE", help: "The State type (default: the type the trace recorded)."),
            .value("action", "TYPE", help: "The Action type (default: the type the trace recorded)."),
            .value("name", "NAME", help: "The test's name (default: the store's name)."),
            .flag("tca", help: "The reducer is a Composable Architecture reducer (--reducer 'AppFeature()'): the test replays it with the dependencies it sets."),
            .value("output", "FILE", short: "o", help: "The test source to write (default: <Name>ReplayTests.swift); the fixture goes beside it."),
        ],
        discussion: """
            The test starts from the recorded state before the first action of the range, sends
            every recorded action of the store in order (those emitted by effects too: effects are
            not re-run, their actions are inputs), and expects each state to equal the recorded one.
            Example: storescope test search.sstrace --module MyApp --reducer 'SearchReducer().reduce(oldState:with:)'
            A TCA feature: storescope test app.sstrace --module MyApp --reducer 'AppFeature()' --tca

            \(ExitStatus.discussion(no: "the range holds no action of the store"))
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let trace = arguments.positionals.first, arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "missing TRACE" : "expected one TRACE", command: spec)
        }
        guard let module = arguments.value("module") else { throw UsageError("missing --module MODULE (the app's module the test imports)", command: spec) }
        guard let reducer = arguments.value("reducer") else {
            throw UsageError("missing --reducer EXPR (the reducer entry point, e.g. 'SearchReducer().reduce(oldState:with:)')", command: spec)
        }
        let options = ReplayTestOptions(
            module: module, reducer: reducer, store: arguments.value("store"), from: try seq(arguments, "from"), to: try seq(arguments, "to"),
            state: arguments.value("state"), action: arguments.value("action"), name: arguments.value("name"),
            isTCA: arguments.has("tca"), output: arguments.value("output"))
        // Before any work: the test and its fixture go into the output's folder.
        if let output = options.output {
            let folder = (output as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
                throw UsageError("--output \(output.sanitizedForTerminal): \(folder.sanitizedForTerminal) is not a folder that exists", command: spec)
            }
        }
        guard let reader = console.openTrace(trace) else { return ExitStatus.unreadable }
        let plan: ReplayTestPlan
        do throws(ReplayTestFailure) {
            plan = try ReplayTestPlan(trace: trace, reader: reader, options: options)
        } catch {
            if error.isUsage { throw UsageError(error.message, command: spec) }
            console.error("Error: \(error.message)")
            for line in error.details { console.error("  \(line)") }
            return ExitStatus.failure
        }
        do {
            try copyFixture(from: trace, to: URL(fileURLWithPath: plan.fixturePath))
            try write(Array(plan.source.text.utf8), to: plan.output)
        } catch let error as TraceError {
            console.error("Error: \(error.description.sanitizedForTerminal)")
            return ExitStatus.failure
        } catch {
            console.error("Error: cannot read \(trace.sanitizedForTerminal): \(error.localizedDescription.sanitizedForTerminal)")
            return ExitStatus.failure
        }
        for line in plan.summaryLines { console.line(line) }
        // A test from a damaged or unclosed trace replays what could be read: the one rule says so.
        return ExitStatus.of(traceIntact: console.reportIntegrity(of: reader), answered: true)
    }

    private static func seq(_ arguments: ParsedArguments, _ option: String) throws -> UInt64? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = UInt64(text.hasPrefix("#") ? String(text.dropFirst()) : text) else {
            throw UsageError("--\(option) expects an action's seq (a number), not '\(text.sanitizedForTerminal)'", command: spec)
        }
        return value
    }

    /// Copies the trace beside the test, unless it already is the fixture (regenerating in place).
    private static func copyFixture(from trace: String, to fixture: URL) throws {
        let source = URL(fileURLWithPath: trace).standardizedFileURL.resolvingSymlinksInPath()
        if source.path == fixture.standardizedFileURL.resolvingSymlinksInPath().path { return }
        try write(Array(try Data(contentsOf: source)), to: fixture.path)
    }

    /// Writes an output as the recorder writes a trace (``TraceFile/create(_:exclusive:)``):
    /// `0600`, never through a symbolic link, never over another user's file. The fixture is a
    /// copy of a trace, as private as the trace; the test holds its actions.
    private static func write(_ bytes: [UInt8], to path: String) throws(TraceError) {
        let file = try TraceFile.create(path)
        defer { file.close() }
        try bytes.withRawBytes { (raw) throws(TraceError) in try file.write(raw) }
    }

    /// Whether `text` is a type name such as `SearchState`, `App.Action` or `Box<Int, [String]>`:
    /// identifiers, dots, generic brackets, commas, spaces and sugar (`[`, `]`, `:`, `?`), nothing
    /// that could end the expression it is written into.
    static func isTypeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.<>,[]:? ".unicodeScalars.contains($0)) }
    }

    /// Whether `text` can follow `import`: a Swift identifier (a letter or `_`, then letters,
    /// digits and `_`), as SwiftPM names a target's module.
    static func isModuleName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType == .decimal }
    }

    /// `search-results` -> `SearchResults`: a type-like name for files and functions.
    static func typeName(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first else { return "Recorded" }
        return first.isNumber ? "Session" + joined : joined
    }
}
