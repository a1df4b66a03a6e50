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
        let from = try seq(arguments, "from")
        let to = try seq(arguments, "to")
        if let from, let to, from > to { throw UsageError("--from \(from) is after --to \(to)", command: spec) }
        guard let reader = console.openTrace(trace) else { return ExitStatus.unreadable }
        let records = reader.allRecords()
        var stores = SessionStores(header: reader.header)
        for record in records { stores.note(record) }
        guard !stores.names.isEmpty else {
            // A damaged trace says where (`storescope check` says the same); an intact one is empty.
            let missing = reader.missingParts
            console.error("Error: no action or keyframe of any store could be read from \(trace.sanitizedForTerminal)"
                + (missing.isEmpty ? " (the session recorded none)" : ":"))
            for part in missing { console.error("  \(part.sanitizedForTerminal)") }
            return ExitStatus.failure
        }
        let store: String
        do throws(NoSuchStore) {
            store = try stores.store(named: arguments.value("store"))
        } catch {
            throw UsageError(error.description.sanitizedForTerminal, command: spec)
        }
        let session = RecordedRange(records: records, store: store, from: from ?? 0, to: to ?? .max)
        guard let first = session.actions.first, let last = session.actions.last else {
            console.error("Error: store \"\(store.sanitizedForTerminal)\" has no action \(to == nil ? "from #\(from ?? 0) on" : "from #\(from ?? 0) to #\(to!)")")
            return ExitStatus.failure
        }
        // A type name from the trace becomes code: only a plain Swift type name is taken.
        let state = arguments.value("state") ?? session.stateType ?? "State"
        let action = arguments.value("action") ?? session.actionType ?? "Action"
        for (option, type) in [("state", state), ("action", action)] where arguments.value(option) == nil && !isTypeName(type) {
            console.error("Error: the trace's \(option) type '\(type.sanitizedForTerminal)' is not a Swift type name; name it with --\(option) TYPE")
            return ExitStatus.failure
        }
        // TCA's `@Reducer struct AppFeature { struct State; enum Action }`: the trace names the
        // nested types alone, which the test's module cannot resolve.
        let nested = [("state", state), ("action", action)].filter { arguments.value($0.0) == nil && ["State", "Action"].contains($0.1) }
        if !nested.isEmpty {
            let options = nested.map { "--\($0.0) Feature.\($0.1)" }.joined(separator: " ")
            console.error("Error: the trace names the \(nested.map { "\($0.0) type '\($0.1)'" }.joined(separator: " and ")) without the type "
                + "it is nested in (TCA's AppFeature.State), which the test could not resolve; name it: \(options)")
            return ExitStatus.usage
        }
        let name = arguments.value("name") ?? store
        let output = arguments.value("output") ?? "\(typeName(name))ReplayTests.swift"
        // Named as the output was given (relative or not), for the lines printed below.
        let fixturePath = (output as NSString).deletingPathExtension + ".sstrace"
        let fixture = URL(fileURLWithPath: fixturePath)
        let source = ReplayTestSource(
            session: session, traceName: URL(fileURLWithPath: trace).lastPathComponent, fixtureName: fixture.lastPathComponent,
            store: store, name: name, module: module, reducer: reducer,
            state: state, action: action, isTCA: arguments.has("tca"),
            range: (first.seq, last.seq), command: commandLine(arguments, output: output, fixtureName: fixture.lastPathComponent))
        do {
            try copyFixture(from: trace, to: fixture)
            try write(Array(source.text.utf8), to: output)
        } catch let error as TraceError {
            console.error("Error: \(error.description.sanitizedForTerminal)")
            return ExitStatus.failure
        } catch {
            console.error("Error: cannot read \(trace.sanitizedForTerminal): \(error.localizedDescription.sanitizedForTerminal)")
            return ExitStatus.failure
        }
        console.line("Wrote \(output.sanitizedForTerminal): \(counted(session.actions.count, "action")) of store \"\(store.sanitizedForTerminal)\", #\(first.seq) through #\(last.seq)")
        console.line("Fixture \(fixturePath.sanitizedForTerminal): a copy of the trace")
        for note in source.caveats { console.line("note: \(note.sanitizedForTerminal)") }
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

    /// The command that regenerates the file, for its header (the trace named as the fixture).
    private static func commandLine(_ arguments: ParsedArguments, output: String, fixtureName: String) -> String {
        var words = ["storescope", "test", fixtureName]
        for option in ["module", "reducer", "store", "from", "to", "state", "action", "name"] {
            if let value = arguments.value(option) { words += ["--\(option)", shellQuoted(value)] }
        }
        if arguments.has("tca") { words.append("--tca") }
        words += ["--output", shellQuoted(URL(fileURLWithPath: output).lastPathComponent)]
        return words.joined(separator: " ")
    }

    private static func shellQuoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "._-/".contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Whether `text` is a type name such as `SearchState`, `App.Action` or `Box<Int, [String]>`:
    /// identifiers, dots, generic brackets, commas, spaces and sugar (`[`, `]`, `:`, `?`), nothing
    /// that could end the expression it is written into.
    static func isTypeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.<>,[]:? ".unicodeScalars.contains($0)) }
    }

    /// `search-results` -> `SearchResults`: a type-like name for files and functions.
    static func typeName(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first else { return "Recorded" }
        return first.isNumber ? "Session" + joined : joined
    }
}
