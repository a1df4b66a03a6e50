import Foundation
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
            .value("reducer", "EXPR", help: "The reducer entry point: (inout State, Action) -> Void or (State, Action) -> State (required)."),
            .value("store", "NAME", help: "The store to replay (default: the trace's main store)."),
            .value("from", "SEQ", help: "The first action to replay (default: the store's first)."),
            .value("to", "SEQ", help: "The last action to replay (default: the store's last)."),
            .value("state", "TYPE", help: "The State type (default: the type the trace recorded)."),
            .value("action", "TYPE", help: "The Action type (default: the type the trace recorded)."),
            .value("name", "NAME", help: "The test's name (default: the store's name)."),
            .value("output", "FILE", short: "o", help: "The test source to write (default: <Name>ReplayTests.swift); the fixture goes beside it."),
        ],
        discussion: """
            The test starts from the recorded state before the first action of the range, sends
            every recorded action of the store in order (those emitted by effects too: effects are
            not re-run, their actions are inputs), and expects each state to equal the recorded one.
            Example: storescope test search.sstrace --module MyApp --reducer 'SearchReducer().reduce(oldState:with:)'
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
        let stores = storeNames(records)
        let store = arguments.value("store") ?? reader.header.storeName
        guard stores.contains(store) else {
            throw UsageError("no store \"\(store.sanitizedForTerminal)\" in the trace (stores: \(stores.joined(separator: ", ").sanitizedForTerminal))", command: spec)
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
        let name = arguments.value("name") ?? store
        let output = arguments.value("output") ?? "\(typeName(name))ReplayTests.swift"
        let fixture = URL(fileURLWithPath: output).deletingPathExtension().appendingPathExtension("sstrace")
        let source = ReplayTestSource(
            session: session, traceName: URL(fileURLWithPath: trace).lastPathComponent, fixtureName: fixture.lastPathComponent,
            store: store, name: name, module: module, reducer: reducer,
            state: state, action: action,
            range: (first.seq, last.seq), command: commandLine(arguments, output: output))
        do {
            try copyFixture(from: trace, to: fixture)
            try Data(source.text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            console.error("Error: cannot write \(output.sanitizedForTerminal): \(error.localizedDescription.sanitizedForTerminal)")
            return ExitStatus.failure
        }
        console.line("Wrote \(output.sanitizedForTerminal): \(session.actions.count) actions of store \"\(store.sanitizedForTerminal)\", #\(first.seq) through #\(last.seq)")
        console.line("Fixture \(fixture.path.sanitizedForTerminal): a copy of the trace")
        for note in source.caveats { console.line("note: \(note.sanitizedForTerminal)") }
        return ExitStatus.success
    }

    private static func seq(_ arguments: ParsedArguments, _ option: String) throws -> UInt64? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = UInt64(text.hasPrefix("#") ? String(text.dropFirst()) : text) else {
            throw UsageError("--\(option) expects an action's seq (a number), not '\(text.sanitizedForTerminal)'", command: spec)
        }
        return value
    }

    /// The stores with a keyframe or an action, in order of appearance.
    private static func storeNames(_ records: [Record]) -> [String] {
        var names: [String] = []
        for record in records {
            let name: String
            switch record {
            case let .keyframe(keyframe): name = keyframe.store
            case let .action(action): name = action.store
            default: continue
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Copies the trace beside the test, unless it already is the fixture (regenerating in place).
    private static func copyFixture(from trace: String, to fixture: URL) throws {
        let source = URL(fileURLWithPath: trace).standardizedFileURL.resolvingSymlinksInPath()
        if source.path == fixture.standardizedFileURL.resolvingSymlinksInPath().path { return }
        try Data(contentsOf: source).write(to: fixture)
    }

    /// The command that regenerates the file, for its header (the trace named as the fixture).
    private static func commandLine(_ arguments: ParsedArguments, output: String) -> String {
        let fixture = URL(fileURLWithPath: output).deletingPathExtension().appendingPathExtension("sstrace").lastPathComponent
        var words = ["storescope", "test", fixture]
        for option in ["module", "reducer", "store", "from", "to", "state", "action", "name"] {
            if let value = arguments.value(option) { words += ["--\(option)", shellQuoted(value)] }
        }
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

/// The recorded actions of one store in a range, and what the trace says about their types.
struct RecordedRange {
    var actions: [ActionRecord] = []
    /// The type the store's first keyframe recorded, e.g. `SearchState`.
    var stateType: String?
    /// The type of the range's first action, e.g. `SearchAction`.
    var actionType: String?
    /// The recorded state the replay decodes to start: the one before the range's first action
    /// (states it restarts from after a loss are not listed).
    var startStates: [(seq: UInt64, state: TraceValue)] = []
    /// Whether the trace lost records (drops or damaged parts): counts may then differ.
    var lostRecords = false

    init(records: [Record], store: String, from: UInt64, to: UInt64) {
        var current: TraceValue?
        var currentSeq: UInt64 = 0
        for record in records {
            switch record {
            case let .keyframe(keyframe) where keyframe.store == store:
                if stateType == nil { stateType = Self.typeName(of: keyframe.state) }
                current = keyframe.state
                currentSeq = keyframe.seq
            case let .patch(patch) where patch.store == store:
                if current != nil, (try? current!.apply(patch.operations)) == nil { current = nil }
                currentSeq = patch.seq
            case let .action(action) where action.store == store && action.seq >= from && action.seq <= to:
                if actions.isEmpty, let current { startStates.append((currentSeq, current)) }
                if actionType == nil { actionType = Self.typeName(of: action.action) }
                actions.append(action)
            case .dropped:
                lostRecords = true
            default:
                break
            }
        }
    }

    private static func typeName(of value: TraceValue) -> String? {
        switch value {
        case let .structure(type, _), let .object(type, _, _), let .enumeration(type, _, _): type
        default: nil
        }
    }
}

/// The text of a generated replay test.
struct ReplayTestSource {
    let session: RecordedRange
    let traceName: String
    let fixtureName: String
    let store: String
    let name: String
    let module: String
    let reducer: String
    let state: String
    let action: String
    let range: (first: UInt64, last: UInt64)
    let command: String

    /// The placeholder redacted text decodes as in the replay.
    static let redactedText = "<redacted>"

    /// What the trace cannot give back to the reducer exactly, one sentence each.
    var caveats: [String] {
        var caveats: [String] = []
        for start in session.startStates {
            let origin = start.seq == 0 ? "the initial state" : "the recorded state after #\(start.seq)"
            caveats += Self.unreadable(in: start.state).map { "\(origin): \($0)" }
        }
        for action in session.actions {
            caveats += Self.unreadable(in: action.action).map { "action #\(action.seq): \($0)" }
        }
        return caveats
    }

    /// Whether some redacted text or optional needs the placeholder to decode.
    private var needsPlaceholder: Bool {
        caveats.contains { $0.contains("the reducer gets") }
    }

    private static func unreadable(in value: TraceValue) -> [String] {
        var found: [String] = []
        func walk(_ node: TraceValue, _ path: String) {
            let shown = path.isEmpty ? "the whole value" : path
            switch node {
            case let .redacted(type) where type == "String" || type == "Swift.String":
                found.append("\(shown) was redacted in the recording; the reducer gets \"\(redactedText)\"")
            case let .redacted(type) where type.hasPrefix("Optional<") || type.hasPrefix("Swift.Optional<"):
                found.append("\(shown) was redacted in the recording; the reducer gets nil")
            case let .redacted(type):
                found.append("\(shown) (\(type)) was redacted in the recording and cannot be decoded: the replay stops there with an error")
            case .truncated:
                found.append("\(shown) was cut by a capture limit and cannot be decoded: the replay stops there with an error")
            case let .reference(type, _):
                found.append("\(shown) is a \(type) recorded by its identity alone and cannot be decoded: the replay stops there with an error")
            case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
                for (index, field) in fields.enumerated() { walk(field.value, path + (field.name.isEmpty ? "[\(index)]" : ".\(field.name)")) }
            case let .some(wrapped): walk(wrapped, path)
            case let .array(elements), let .set(elements):
                for (index, element) in elements.enumerated() { walk(element, path + "[\(index)]") }
            case let .dictionary(entries):
                for entry in entries { walk(entry.value, path + "[\(entry.key.shortDescription)]") }
            default: break
            }
        }
        walk(value, "")
        return found
    }

    var text: String {
        let function = Self.identifier(name) + "ReplaysAsRecorded"
        let start = session.startStates.first.map { $0.seq == 0 ? "the initial state" : "the recorded state after #\($0.seq)" } ?? "the recorded state before #\(range.first)"
        var lines = [
            "// Generated by `storescope test` from the recorded session \"\(name)\" (trace \(traceName), store \"\(store)\").",
            "// Regenerate it with:",
            "//   \(command)",
            "//",
            "// Starting from \(start), each recorded action of store \"\(store)\" from #\(range.first)",
            "// through #\(range.last) is sent to the reducer in order; the state after each one must equal",
            "// the recorded state, compared as recorded value trees. The first difference fails the test",
            "// with its seq, its action, the path and a -/+ diff (- recorded, + replayed).",
            "//",
            "// Effects are not re-run: the actions they emitted in the recording (\"from effect N\" below)",
            "// are inputs here, sent in the recorded order. This test exercises the reducer, not the effects.",
            "// Redacted fields, class instances recorded by identity alone and values cut by a capture limit",
            "// are not compared; the failure message notes them.",
            "//",
            "// Fixture: \(fixtureName) beside this file, a copy of the recorded trace. The test sends the",
            "// actions written below as Swift literals; the others it decodes from the fixture.",
            "//",
            "// The recorded actions (\(session.actions.count)):",
        ]
        for recorded in session.actions {
            let origin = recorded.effectID.map { " from effect \($0)" } ?? ""
            lines.append("//   #\(recorded.seq) \(recorded.action.qualifiedDescription)\(origin)")
        }
        lines.append("//")
        let caveats = caveats
        if caveats.isEmpty {
            lines.append("// Every state and action the replay decodes is fully recorded.")
        } else {
            lines.append("// Not recorded exactly, so not turned into code as it was:")
            lines += caveats.map { "//   \($0)" }
        }
        if session.lostRecords {
            lines.append("// The trace lost records: the replay restarts at the next keyframe after each loss.")
        }
        lines = lines.map(Self.commentSafe)
        let literals = session.actions.map { (record: $0, literal: Self.swiftLiteral(of: $0.action, type: action)) }
        let anyLiteral = literals.contains { $0.literal != nil }
        let replayArguments = [
            "store: \(Self.literal(store))", "from: \(range.first)", "to: \(range.last)",
        ] + (needsPlaceholder ? ["redactedText: \(Self.literal(Self.redactedText))"] : []) + (anyLiteral ? ["actions: actions"] : [])
        lines += [
            "",
        ]
        lines += Set(["Foundation", module, "StoreScope", "Testing"]).sorted().map { "import \($0)" }
        lines += [
            "",
            "@Test(\(Self.literal("Recorded session \"\(name)\", #\(range.first) through #\(range.last), replays through the reducer as recorded")))",
            "func \(function)() throws {",
            "    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(\(Self.literal(fixtureName))).path",
        ]
        if anyLiteral {
            lines.append("    let actions: [UInt64: \(action)] = [")
            for (record, literal) in literals {
                if let literal {
                    lines.append("        \(record.seq): \(literal),")
                } else {
                    lines.append(Self.commentSafe("        // \(record.seq): decoded from the fixture, \(record.action.shortDescription)"))
                }
            }
            lines.append("    ]")
        }
        lines += [
            "    let replay = ReducerReplay<\(state), \(action)>(",
            "        \(replayArguments.joined(separator: ", ")),",
            "        reducer: \(reducer))",
            "    let report = try replay.check(tracePath: fixture)",
            "    #expect(report.divergence == nil, \"\\(report)\")",
        ]
        if !session.lostRecords {
            lines.append("    #expect(report.actionsReplayed == \(session.actions.count), \"\\(report)\")")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The Swift literal of a recorded action, such as `.search(query: "sw")`, when it can be
    /// written as one that compiles against any module: an enum case of `type` whose payloads
    /// are strings, integers, finite floating-point numbers, Booleans, `nil`, arrays of those,
    /// or enum cases of the same kind. Anything else (a struct, whose initializer may not be
    /// public; a date, a set, a redacted value) is `nil`: the test decodes it from the fixture.
    static func swiftLiteral(of action: TraceValue, type: String) -> String? {
        guard case let .enumeration(recordedType, _, _) = action,
            recordedType == type || type.hasSuffix("." + recordedType)
        else { return nil }
        return caseLiteral(action)
    }

    private static func caseLiteral(_ value: TraceValue) -> String? {
        guard case let .enumeration(_, caseName, payload) = value, let name = identifier(of: caseName) else { return nil }
        if payload.isEmpty { return "." + name }
        var arguments: [String] = []
        for field in payload {
            guard let argument = valueLiteral(field.value) else { return nil }
            if field.name.isEmpty || field.name.isTupleIndex {
                arguments.append(argument)
            } else {
                guard let label = identifier(of: field.name) else { return nil }
                arguments.append("\(label): \(argument)")
            }
        }
        return ".\(name)(\(arguments.joined(separator: ", ")))"
    }

    private static func valueLiteral(_ value: TraceValue) -> String? {
        switch value {
        case let .string(text): literal(text)
        case let .int(number): String(number)
        case let .uint(number): String(number)
        case let .double(number) where number.isFinite: "\(number)"
        case let .bool(flag): flag ? "true" : "false"
        case .none: "nil"
        case let .some(wrapped): valueLiteral(wrapped)
        case let .array(elements):
            elements.map(valueLiteral).reduce("" as String?) { joined, element in
                guard let joined, let element else { return nil }
                return joined.isEmpty ? element : joined + ", " + element
            }.map { "[\($0)]" }
        case .enumeration: caseLiteral(value)
        default: nil
        }
    }

    /// `name` as a Swift identifier (backquoted if it is a keyword); `nil` if it is not one.
    private static func identifier(of name: String) -> String? {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else { return nil }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let", "operator", "protocol",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is",
        "nil", "rethrows", "super", "self", "Self", "throw", "throws", "true", "try", "Any", "some", "any", "await", "internal",
        "private", "public", "fileprivate", "open",
    ]

    /// A comment line cannot be ended early, or its text reordered, by what the trace holds:
    /// control characters, line and paragraph separators and format characters (bidi overrides)
    /// are shown as `?`.
    private static func commentSafe(_ line: String) -> String {
        let unsafe: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator, .format]
        return String(String.UnicodeScalarView(line.unicodeScalars.map { unsafe.contains($0.properties.generalCategory) ? "?" : $0 }))
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.properties.generalCategory == .control {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `search-results` -> `searchResults`.
    static func identifier(_ name: String) -> String {
        let type = TestCommand.typeName(name)
        return type.prefix(1).lowercased() + type.dropFirst()
    }
}
