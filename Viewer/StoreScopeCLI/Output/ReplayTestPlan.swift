import Foundation
import TraceAnalysis
import TraceFormat

/// What `storescope test` (and the `test` tool of `storescope mcp`) is asked for: the options
/// that become the generated test, and the plan that turns a trace into its source.
struct ReplayTestOptions: Sendable {
    var module: String
    var reducer: String
    var store: String?
    var from: UInt64?
    var to: UInt64?
    var state: String?
    var action: String?
    var name: String?
    var isTCA = false
    /// The test source to write (`--output`); `nil` for `<Name>ReplayTests.swift`.
    var output: String?
}

/// Why no test was written: the message (with the lines under it), and whether the options
/// were wrong (a usage error) or the trace cannot give the test.
struct ReplayTestFailure: Error, Sendable {
    var message: String
    var details: [String] = []
    var isUsage = false
}

/// A test ready to write: its source, where it goes and its fixture's name.
struct ReplayTestPlan {
    let source: ReplayTestSource
    /// The test source's path, as the options gave it (or the default name).
    let output: String
    /// The fixture's path, beside the source: the output with the `.sstrace` extension.
    let fixturePath: String
    private let options: ReplayTestOptions

    var store: String { source.store }
    var actionCount: Int { source.session.actions.count }

    /// Reads the store's actions in the range from `reader` (two passes, holding only the
    /// range's actions and the state before them) and builds the test's source; `trace` is the
    /// trace's path, named in the source. At most `maximumActions` actions: a longer range is a
    /// failure saying to narrow it (the MCP server's bound; the CLI has none).
    init(trace: String, reader: TraceReader, options: ReplayTestOptions, maximumActions: Int = .max) throws(ReplayTestFailure) {
        if let from = options.from, let to = options.to, from > to {
            throw ReplayTestFailure(message: "--from \(from) is after --to \(to)", isUsage: true)
        }
        // Written after `import`: anything else would not compile, or would end the line.
        guard TestCommand.isModuleName(options.module) else {
            throw ReplayTestFailure(
                message: "--module '\(options.module.sanitizedForTerminal)' is not a Swift module name (letters, digits and _, not starting with a digit)",
                isUsage: true)
        }
        var stores = SessionStores(header: reader.header)
        reader.forEachRecord { stores.note($0); return true }
        guard !stores.names.isEmpty else {
            // A damaged trace says where (`storescope check` says the same); an intact one is empty.
            let missing = reader.missingParts
            throw ReplayTestFailure(
                message: "no action or keyframe of any store could be read from \(trace.sanitizedForTerminal)"
                    + (missing.isEmpty ? " (the session recorded none)" : ":"),
                details: missing.map(\.sanitizedForTerminal))
        }
        let store: String
        do throws(NoSuchStore) {
            store = try stores.store(named: options.store)
        } catch {
            throw ReplayTestFailure(message: error.description.sanitizedForTerminal, isUsage: true)
        }
        let (from, to) = (options.from ?? 0, options.to ?? .max)
        var session = RecordedRange(store: store, from: from, to: to, maximumActions: maximumActions)
        reader.forEachRecord { session.note($0) }
        if session.exceeded {
            throw ReplayTestFailure(message: "store \"\(store.sanitizedForTerminal)\" has more than \(maximumActions) actions "
                + "\(options.to == nil ? "from #\(from) on" : "from #\(from) to #\(to)"): narrow the range with from and to, or run storescope test")
        }
        guard let first = session.actions.first, let last = session.actions.last else {
            throw ReplayTestFailure(message: "store \"\(store.sanitizedForTerminal)\" has no action \(options.to == nil ? "from #\(from) on" : "from #\(from) to #\(to)")")
        }
        // A type name from the trace becomes code: only a plain Swift type name is taken.
        let state = options.state ?? session.stateType ?? "State"
        let action = options.action ?? session.actionType ?? "Action"
        for (option, type, given) in [("state", state, options.state), ("action", action, options.action)] where given == nil && !TestCommand.isTypeName(type) {
            throw ReplayTestFailure(message: "the trace's \(option) type '\(type.sanitizedForTerminal)' is not a Swift type name; name it with --\(option) TYPE")
        }
        // TCA's `@Reducer struct AppFeature { struct State; enum Action }`: the trace names the
        // nested types alone, which the test's module cannot resolve.
        let nested = [("state", state, options.state), ("action", action, options.action)].filter { $0.2 == nil && ["State", "Action"].contains($0.1) }
        if !nested.isEmpty {
            let flags = nested.map { "--\($0.0) Feature.\($0.1)" }.joined(separator: " ")
            throw ReplayTestFailure(
                message: "the trace names the \(nested.map { "\($0.0) type '\($0.1)'" }.joined(separator: " and ")) alone, "
                    + "as Swift names a type nested in another (TCA's AppFeature.State), which the test could not resolve; "
                    + "name it: \(flags), or \(nested.map { "--\($0.0) \($0.1)" }.joined(separator: " ")) if your app's type is top-level",
                isUsage: true)
        }
        let name = options.name ?? store
        let output = options.output ?? "\(TestCommand.typeName(name))ReplayTests.swift"
        // Named as the output was given (relative or not), for the lines printed.
        fixturePath = (output as NSString).deletingPathExtension + ".sstrace"
        self.output = output
        self.options = options
        let fixtureName = URL(fileURLWithPath: fixturePath).lastPathComponent
        source = ReplayTestSource(
            session: session, traceName: URL(fileURLWithPath: trace).lastPathComponent, fixtureName: fixtureName,
            store: store, name: name, module: options.module, reducer: options.reducer,
            state: state, action: action, isTCA: options.isTCA,
            range: (first.seq, last.seq), command: Self.commandLine(options, trace: fixtureName, output: output))
    }

    /// What `storescope test` prints once it wrote the files.
    var summaryLines: [String] {
        let range = source.range
        return ["Wrote \(output.sanitizedForTerminal): \(counted(actionCount, "action")) of store \"\(store.sanitizedForTerminal)\", #\(range.first) through #\(range.last)",
            "Fixture \(fixturePath.sanitizedForTerminal): a copy of the trace"]
            + source.caveats.map { "note: \($0.sanitizedForTerminal)" }
    }

    /// The `storescope test` command that writes this test from `trace`.
    func command(trace: String) -> String {
        Self.commandLine(options, trace: trace, output: output)
    }

    /// The command that writes the file from `trace` (in its header: the fixture, to regenerate it).
    private static func commandLine(_ options: ReplayTestOptions, trace: String, output: String) -> String {
        var words = ["storescope", "test", shellQuoted(trace)]
        let values: [(String, String?)] = [
            ("module", options.module), ("reducer", options.reducer), ("store", options.store), ("from", options.from.map(String.init)),
            ("to", options.to.map(String.init)), ("state", options.state), ("action", options.action), ("name", options.name),
        ]
        for case let (option, value?) in values { words += ["--\(option)", shellQuoted(value)] }
        if options.isTCA { words.append("--tca") }
        words += ["--output", shellQuoted(URL(fileURLWithPath: output).lastPathComponent)]
        return words.joined(separator: " ")
    }

    static func shellQuoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "._-/".contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
