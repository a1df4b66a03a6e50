import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// End-to-end tests of `storescope log`, `state`, `diff` and `blame` on sample sessions
/// recorded by `storescope demo` (committed in Fixtures/, so times are fixed), and on
/// damaged traces.
@Suite("storescope log, state, diff and blame", .tags(.process))
struct AnalysisCommandTests {
    static func fixture(_ name: String) throws -> String {
        try #require(Bundle.module.url(forResource: name, withExtension: "sstrace", subdirectory: "Fixtures")).path
    }

    static func run(_ arguments: [String]) throws -> ChildProcess.Outcome {
        try InProcess.storescope(arguments)
    }

    @Test("Every command prints its exact golden text on the search and users samples, exit 0", arguments: [
        (["log", "search"], Golden.logAll),
        (["log", "search", "outcome:failed or path:.repos[0] and not reducer:>1.8us"], Golden.logFiltered),
        (["state", "search", "--at", "24ms"], Golden.stateAtTime),
        (["state", "search", "--at", "end", "--path", ".repos[0]"], Golden.statePath),
        (["diff", "search", "--from", "3", "--to", "6"], Golden.diff),
        (["blame", "search", ".repos[*].name"], Golden.blameSearch),
        (["blame", "users", ".route"], Golden.blameUsers),
    ])
    func goldenText(arguments: [String], expected: String) throws {
        var arguments = arguments
        arguments[1] = try Self.fixture(arguments[1])
        let result = try Self.run(arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == expected + "\n")
    }

    @Test("--json output is NDJSON that the real jq reads", .enabled(if: jqPath != nil))
    func jsonThroughJQ() throws {
        let search = try Self.fixture("search")
        let cases: [([String], String, String)] = [
            (["log", search, "--json"], "-c", #"[.seq, .action["$case"], [.ops[].op], [.events[].kind]]"#),
            (["log", search, "effect:*@failed", "--json"], "-c", "[.seq, .action.query]"),
            (["state", search, "--at", "6", "--json"], "-c", "[.store, .seq, .state.query, .state.repos[0].name]"),
            (["state", search, "--at", "3", "--path", ".repos[1]", "--json"], "-c", "[.path, .state.name]"),
            (["diff", search, "--from", "1", "--to", "2", "--json"], "-c", ".ops[] | [.op, .path, .value]"),
            (["blame", search, ".isLoading", "--json"], "-c", "[.seq, .path, .old, .new, .unknown]"),
        ]
        let expected = [
            """
            [1,"search",["set","set"],["effectStarted","effectEnded"]]
            [2,"search",["set"],["effectStarted","effectEmitted"]]
            [3,"setResults",["insert","insert","insert","insert","insert","set"],["effectStarted","effectEnded","effectEnded"]]
            [4,"search",["set","set"],["effectStarted","effectEnded"]]
            [5,"search",["set"],["effectStarted","effectEmitted"]]
            [6,"setResults",["remove","remove","remove","remove","set"],["effectStarted","effectEnded","effectEnded","sessionEnded"]]
            """,
            #"[4,"swiftui"]"#,
            #"["search",6,"nio","apple/swift-nio"]"#,
            #"[".repos[1]","pointfreeco/swift-composable-architecture"]"#,
            #"["set",".query","swift"]"#,
            """
            [1,".isLoading",false,true,false]
            [3,".isLoading",true,false,false]
            [4,".isLoading",false,true,false]
            [6,".isLoading",true,false,false]
            """,
        ]
        for ((arguments, flag, program), expected) in zip(cases, expected) {
            let result = try Self.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let jq = try ChildProcess.run(URL(fileURLWithPath: try #require(jqPath)), [flag, program], input: Data(result.stdout.utf8))
            #expect(jq.status == 0, "jq: \(jq.stderr)")
            #expect(jq.stdout == expected + "\n", "\(arguments)")
        }
    }

    @Test("A malformed filter is a usage error that points at the column")
    func malformedFilter() throws {
        let result = try Self.run(["log", try Self.fixture("search"), "action:search and (reducer:>1ms or"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            Error: invalid filter at column 35: expected a condition after 'or'
              action:search and (reducer:>1ms or
                                                ^
            Usage: storescope log [options] FILE [FILTER]
            See 'storescope log --help'.

            """)
    }

    @Test("Questions the trace cannot answer get one line saying why, exit 1 (usage mistakes 64)", arguments: [
        (["state", "search", "--at", "99"], Int32(1), "Error: #99 is past the last action of the trace (#6)\n"),
        (["state", "search", "--at", "3", "--path", ".repos[9].name"], 1, "Error: the state of search after #3 has no .repos[9].name (.repos has [0]…[4])\n"),
        (["state", "search", "--at", "3", "--path", ".nope"], 1, "Error: the state of search after #3 has no .nope (the state has .query, .repos, .isLoading)\n"),
        (["diff", "search", "--from", "2", "--store", "nope"], 1, "Error: no store \"nope\" in the trace (stores: search)\n"),
        (["blame", "search", ".repos[", "--json"], 64, "Error: invalid path at column 7: '[' is not closed by ']'\n  .repos[\n        ^\nUsage: storescope blame [options] FILE PATH\nSee 'storescope blame --help'.\n"),
        (["state", "search", "--at", "soon"], 64, "Error: invalid --at 'soon': expected a sequence number, start, end, or a time such as 1.5s\nUsage: storescope state [options] FILE\nSee 'storescope state --help'.\n"),
    ])
    func unanswerable(arguments: [String], status: Int32, stderr: String) throws {
        var arguments = arguments
        arguments[1] = try Self.fixture(arguments[1])
        let result = try Self.run(arguments)
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == stderr)
    }

    @Test("A file that is not a trace exits 2 for every command")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("not-a-trace.txt")
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        for arguments in [["log", path], ["state", path, "--at", "1"], ["diff", path, "--from", "1"], ["blame", path, ".x"]] {
            let result = try Self.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("Error: \(path): not a StoreScope trace"))
        }
    }

    @Test("A damaged trace: log answers from the intact chunks, states before the damage are exact, states after it unknown until the next keyframe, exit 1")
    func damagedTrace() throws {
        let directory = try TemporaryDirectory()
        let trace = try DamagedTrace.write(to: directory.path("damaged.sstrace"))

        let log = try Self.run(["log", trace.path, "--json"])
        #expect(log.status == 1)
        let seqs: [Int] = log.stdout.split(separator: "\n").compactMap { line -> Int? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["seq"] as? Int
        }
        let kept: [Int] = Array(1...trace.lastSeq).filter { seq in !trace.lost.contains(UInt64(seq)) }
        #expect(seqs == kept)
        #expect(log.stderr == "warning: damaged trace: \(trace.damage)\n")

        let before = try Self.run(["state", trace.path, "--at", "\(trace.lost.lowerBound - 2)", "--json"])
        // With a footer index, damage shows when a chunk is read: this answer reads none of it.
        #expect(before.status == 0, "stderr: \(before.stderr)")
        #expect(before.stdout == #"{"store":"main","seq":\#(trace.lost.lowerBound - 2),"state":{"$type":"C","n":\#(trace.lost.lowerBound - 2)}}"# + "\n")

        let inside = try Self.run(["state", trace.path, "--at", "\(trace.lost.upperBound + 1)"])
        #expect(inside.status == 1)
        #expect(inside.stdout.isEmpty)
        #expect(inside.stderr == """
            Error: the state of main after #\(trace.lost.upperBound + 1) is unknown: damaged trace: \(trace.damage); it is known again from the keyframe at #\(trace.nextKeyframe)
            warning: damaged trace: \(trace.damage)

            """)

        let after = try Self.run(["state", trace.path, "--at", "\(trace.nextKeyframe)"])
        #expect(after.status == 0)
        #expect(after.stdout == "main after #\(trace.nextKeyframe):\nC(\n  n: \(trace.nextKeyframe)\n)\n")

        let blame = try Self.run(["blame", trace.path, ".n"])
        #expect(blame.status == 1)
        #expect(blame.stdout.contains("    .n: (unknown) → \(trace.lost.upperBound + 1)\n"), "the first change after the damage has no known old value")
        #expect(blame.stdout.contains("    .n: \(trace.nextKeyframe) → \(trace.nextKeyframe + 1)\n"))
    }

    @Test("With no --store, a session whose header names a store that recorded nothing uses its only store")
    func onlyStoreIsTheDefault() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("users.sstrace")
        // Recorder(sink:) names the main store "main" unless told otherwise.
        let header = TraceFixture.header(app: "App", store: "main", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "users", state: .structure(type: "S", fields: [.init("n", .int(0))]))))
        try writer.append(.action(ActionRecord(seq: 1, store: "users", monotonicNanos: 5, wallNanos: 0, reducerNanos: 1, action: .enumeration(type: "A", caseName: "inc", payload: []))))
        try writer.append(.patch(StatePatch(seq: 1, store: "users", operations: [.set(path: [.field("n")], value: .int(1))])))
        try writer.close()
        let state = try Self.run(["state", path, "--at", "end"])
        #expect(state.status == 0, "stderr: \(state.stderr)")
        #expect(state.stdout == "users after #1:\nS(\n  n: 1\n)\n")
        let blame = try Self.run(["blame", path, ".n"])
        #expect(blame.stdout.hasSuffix("    .n: 0 → 1\n"))
    }

    @Test("A torn tail: the complete chunks answer and the warning names the incomplete one, exit 1")
    func tornTail() throws {
        let directory = try TemporaryDirectory()
        let trace = try DamagedTrace.write(to: directory.path("torn.sstrace"), damage: false)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: trace.path))
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size - 40)
        try handle.close()
        let state = try Self.run(["state", trace.path, "--at", "10"])
        #expect(state.status == 1)
        #expect(state.stdout == "main after #10:\nC(\n  n: 10\n)\n")
        #expect(state.stderr.hasPrefix("warning: damaged trace: bytes "))
        #expect(state.stderr.contains("(an incomplete last chunk: the session was cut off): records after #"))
    }
}

/// A counter trace in small chunks with a keyframe every 25 actions, and one damaged chunk.
struct DamagedTrace {
    var path: String
    var lastSeq = 200
    var lost: ClosedRange<UInt64> = 0...0
    var nextKeyframe: UInt64 = 0
    var damage = ""

    static func write(to path: String, damage: Bool = true) throws -> DamagedTrace {
        let header = TraceFixture.header(app: "Damaged", store: "main", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header, options: .init(chunkSize: 300, flushInterval: .seconds(3600), compressionLevel: 1))
        func state(_ n: UInt64) -> TraceValue { .structure(type: "C", fields: [.init("n", .int(Int64(n)))]) }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state(0))))
        for seq in 1...200 as ClosedRange<UInt64> {
            try writer.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq * 1000, wallNanos: 0, reducerNanos: 10, action: .enumeration(type: "A", caseName: "inc", payload: []))))
            if seq % 25 == 0 {
                try writer.append(.keyframe(Keyframe(seq: seq, store: "main", state: state(seq))))
            } else {
                try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
            }
        }
        try writer.close()
        var trace = DamagedTrace(path: path)
        guard damage else { return trace }
        let reader = try TraceReader(path: path)
        let chunk = try #require(reader.chunks.first { ($0.seqRange?.lowerBound ?? 0) > 60 && !$0.hasKeyframe })
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(chunk.endOffset - 2))
        try handle.write(contentsOf: Data([0xFF, 0xFF]))
        try handle.close()
        trace.lost = try #require(chunk.seqRange)
        trace.nextKeyframe = (trace.lost.upperBound / 25 + 1) * 25
        let previous = try #require(reader.chunks.last { $0.endOffset <= chunk.offset && $0.seqRange != nil })
        let next = try #require(reader.chunks.first { $0.offset >= chunk.endOffset && $0.seqRange != nil })
        trace.damage = "bytes \(chunk.offset)…\(chunk.endOffset - 1) (chunk checksum mismatch): records after #\(previous.header.lastSeq) and before #\(next.header.firstSeq) are lost"
        return trace
    }
}

/// `jq` on PATH, if installed.
private let jqPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":").map { String($0) + "/jq" }.first { FileManager.default.isExecutableFile(atPath: $0) }

/// Expected text, printed by the commands on the committed sample traces and checked by hand.
enum Golden {
    static let logAll = #"""
            +0.007486s #1 search action SearchAction.search(query: "sw") (reducer 1.9µs)
                .query = "sw"
                .isLoading = true
                +0.007661s effect 1 started "SearchMiddleware" in search by #1 at StoreScopeSamples/UnidirectionalFlow.swift:59
                +0.015531s effect 1 cancelled
            +0.015660s #2 search action SearchAction.search(query: "swift") (reducer 2µs)
                .query = "swift"
                +0.015699s effect 2 started "SearchMiddleware" in search by #2 at StoreScopeSamples/UnidirectionalFlow.swift:59
                +0.023554s effect 2 emitted #3
            +0.023557s #3 search action SearchAction.setResults(repos: [Repo(id: 1, name: "apple/swift", stars: 67000), Repo(id: 3, name: "pointfreeco/swift-composable-architecture", stars: 12000), Repo(id: 2, name: "apple/swift-nio", stars: 8000), Repo(id: 5, name: "ReSwift/ReSwift", stars: 7500), Repo(id: 4, name: "apple/swift-collections", stars: 3700)]) (reducer 1.8µs) from effect 2
                .repos[0] inserted Repo(id: 1, name: "apple/swift", stars: 67000)
                .repos[1] inserted Repo(id: 3, name: "pointfreeco/swift-composable-architecture", stars: 12000)
                .repos[2] inserted Repo(id: 2, name: "apple/swift-nio", stars: 8000)
                .repos[3] inserted Repo(id: 5, name: "ReSwift/ReSwift", stars: 7500)
                .repos[4] inserted Repo(id: 4, name: "apple/swift-collections", stars: 3700)
                .isLoading = false
                +0.023602s effect 3 started "SearchMiddleware" in search by #3 at StoreScopeSamples/UnidirectionalFlow.swift:59
                +0.023619s effect 3 finished
                +0.023627s effect 2 finished
            +0.023643s #4 search action SearchAction.search(query: "swiftui") (reducer 842ns)
                .query = "swiftui"
                .isLoading = true
                +0.023667s effect 4 started "SearchMiddleware" in search by #4 at StoreScopeSamples/UnidirectionalFlow.swift:59
                +0.028952s effect 4 failed: 403 rate limit exceeded
            +0.028992s #5 search action SearchAction.search(query: "nio") (reducer 1.5µs)
                .query = "nio"
                +0.029030s effect 5 started "SearchMiddleware" in search by #5 at StoreScopeSamples/UnidirectionalFlow.swift:59
                +0.034182s effect 5 emitted #6
            +0.034184s #6 search action SearchAction.setResults(repos: [Repo(id: 2, name: "apple/swift-nio", stars: 8000)]) (reducer 1.8µs) from effect 5
                .repos[4] removed
                .repos[3] removed
                .repos[1] removed
                .repos[0] removed
                .isLoading = false
                +0.034274s effect 6 started "SearchMiddleware" in search by #6 at StoreScopeSamples/UnidirectionalFlow.swift:59
                +0.034284s effect 6 finished
                +0.034291s effect 5 finished
                +0.034703s session ended
            """#
    static let logFiltered = #"""
            +0.023557s #3 search action SearchAction.setResults(repos: [Repo(id: 1, name: "apple/swift", stars: 67000), Repo(id: 3, name: "pointfreeco/swift-composable-architecture", stars: 12000), Repo(id: 2, name: "apple/swift-nio", stars: 8000), Repo(id: 5, name: "ReSwift/ReSwift", stars: 7500), Repo(id: 4, name: "apple/swift-collections", stars: 3700)]) (reducer 1.8µs) from effect 2
                .repos[0] inserted Repo(id: 1, name: "apple/swift", stars: 67000)
                (and 5 other changes outside .repos[0])
                +0.023602s effect 3 started "SearchMiddleware" in search by #3 at StoreScopeSamples/UnidirectionalFlow.swift:59
                +0.023619s effect 3 finished
                +0.023627s effect 2 finished
            +0.023643s #4 search action SearchAction.search(query: "swiftui") (reducer 842ns)
                .query = "swiftui"
                .isLoading = true
                +0.023667s effect 4 started "SearchMiddleware" in search by #4 at StoreScopeSamples/UnidirectionalFlow.swift:59
                +0.028952s effect 4 failed: 403 rate limit exceeded
            """#
    static let stateAtTime = #"""
            search after #4:
            SearchState(
              query: "swiftui"
              repos: [
                [0] Repo(
                  id: 1
                  name: "apple/swift"
                  stars: 67000
                )
                [1] Repo(
                  id: 3
                  name: "pointfreeco/swift-composable-architecture"
                  stars: 12000
                )
                [2] Repo(
                  id: 2
                  name: "apple/swift-nio"
                  stars: 8000
                )
                [3] Repo(
                  id: 5
                  name: "ReSwift/ReSwift"
                  stars: 7500
                )
                [4] Repo(
                  id: 4
                  name: "apple/swift-collections"
                  stars: 3700
                )
              ]
              isLoading: true
            )
            """#
    static let statePath = #"""
            search after #6 at .repos[0]:
            Repo(
              id: 2
              name: "apple/swift-nio"
              stars: 8000
            )
            """#
    /// The repos are matched by id: apple/swift-nio, at [2] before and [0] after, is the one
    /// that stays; the other four are removed.
    static let diff = #"""
            search from #3 to #6:
              SearchState(
            -   query: "swift"
            +   query: "nio"
                repos: [
            -     [0] Repo(
            -       id: 1
            -       name: "apple/swift"
            -       stars: 67000
            -     )
            -     [1] Repo(
            -       id: 3
            -       name: "pointfreeco/swift-composable-architecture"
            -       stars: 12000
            -     )
                  … (1 unchanged)
            -     [3] Repo(
            -       id: 5
            -       name: "ReSwift/ReSwift"
            -       stars: 7500
            -     )
            -     [4] Repo(
            -       id: 4
            -       name: "apple/swift-collections"
            -       stars: 3700
            -     )
                ]
                isLoading: false
              )
            """#
    static let blameSearch = #"""
            +0.023557s #3 search action SearchAction.setResults(repos: [Repo(id: 1, name: "apple/swift", stars: 67000), Repo(id: 3, name: "pointfreeco/swift-composable-architecture", stars: 12000), Repo(id: 2, name: "apple/swift-nio", stars: 8000), Repo(id: 5, name: "ReSwift/ReSwift", stars: 7500), Repo(id: 4, name: "apple/swift-collections", stars: 3700)]) (reducer 1.8µs) from effect 2
                .repos[0].name: (absent) → "apple/swift"
                .repos[1].name: (absent) → "pointfreeco/swift-composable-architecture"
                .repos[2].name: (absent) → "apple/swift-nio"
                .repos[3].name: (absent) → "ReSwift/ReSwift"
                .repos[4].name: (absent) → "apple/swift-collections"
            +0.034184s #6 search action SearchAction.setResults(repos: [Repo(id: 2, name: "apple/swift-nio", stars: 8000)]) (reducer 1.8µs) from effect 5
                .repos[4].name: "apple/swift-collections" → (absent)
                .repos[3].name: "ReSwift/ReSwift" → (absent)
                .repos[1].name: "pointfreeco/swift-composable-architecture" → (absent)
                .repos[0].name: "apple/swift" → (absent)
            """#
    static let blameUsers = #"""
            +0.020622s #6 users action UsersAction.navigate(.detail(userID: 1)) (reducer 390ns)
                .route: nil → .detail(userID: 1)
            +0.020842s #7 users action UsersAction.navigate(.detail(userID: 2)) (reducer 901ns)
                .route: .detail(userID: 1) → .detail(userID: 2)
            +0.020956s #9 users action UsersAction.navigate(nil) (reducer 421ns)
                .route: .detail(userID: 2) → nil
            """#
}
