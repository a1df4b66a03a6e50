import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// End-to-end tests of `storescope check`, `storescope cat`, help and usage errors, running
/// the built binary on real files: clean, torn, corrupted and unreadable traces.
@Suite("storescope check and cat", .tags(.process))
struct CheckAndCatCommandTests {
    // MARK: - check

    @Test("check reports a clean multi-chunk trace: footer index, exact counts, exit 0")
    func checkReportsACleanTrace() throws {
        let directory = try TemporaryDirectory()
        let trace = try CounterTrace.write(to: directory.path("clean.sstrace"))
        #expect(trace.chunks.count >= 3, "the fixture must span several chunks")
        #expect(trace.records.contains { if case .keyframe = $0 { true } else { false } })

        let check = try InProcess.storescope(["check", trace.path])
        #expect(check.status == 0, "stderr: \(check.stderr)")
        #expect(check.stderr.isEmpty)
        let counts = ExpectedCounts(trace.records)
        #expect(
            check.stdout == """
                file:      \(trace.path) (\(trace.fileSize) bytes)
                session:   00010203-0405-0607-0809-0a0b0c0d0e0f, app "CounterApp", store "counter"
                format:    1.0
                index:     footer
                chunks:    \(trace.chunks.count) (\(trace.chunks.count) readable)
                records:   \(counts.recordsText)
                dropped:   3 actions lost by the recorder
                gaps:      0
                status:    clean

                """)

        let json = try InProcess.storescope(["check", "--json", trace.path])
        #expect(json.status == 0, "stderr: \(json.stderr)")
        let report = try jsonObject(json.stdout)
        #expect(report["status"] as? String == "clean")
        #expect(report["index"] as? String == "footer")
        #expect(report["file"] as? String == trace.path)
        #expect(report["chunks"] as? Int == trace.chunks.count)
        #expect(report["readableChunks"] as? Int == trace.chunks.count)
        #expect(report["records"] as? Int == trace.records.count)
        #expect(report["records"] as? Int == trace.chunks.reduce(0) { $0 + Int($1.header.recordCount) })
        #expect(report["actions"] as? Int == counts.actions)
        #expect(report["patches"] as? Int == counts.patches)
        #expect(report["keyframes"] as? Int == counts.keyframes)
        #expect(report["effectEvents"] as? Int == counts.effects)
        #expect(report["logs"] as? Int == counts.logs)
        #expect(report["dropped"] as? Int == 3)
        #expect((report["gaps"] as? [Any])?.isEmpty == true)
        #expect(report["tornTail"] == nil)
    }

    @Test("cat prints every record of a clean trace, one line each, as written out here; exit 0")
    func catPrintsEveryRecord() throws {
        let directory = try TemporaryDirectory()
        let trace = try CounterTrace.write(to: directory.path("clean.sstrace"))
        let cat = try InProcess.storescope(["cat", trace.path])
        #expect(cat.status == 0, "stderr: \(cat.stderr)")
        #expect(cat.stderr.isEmpty)
        #expect(cat.stdout == CounterTrace.catText + "\n")
        #expect(CounterTrace.catText.split(separator: "\n").count == trace.records.count)
    }

    @Test("check and cat on a trace cut inside its last chunk: torn tail, rebuilt index, the complete chunks' records, exit 1")
    func truncatedTraceHasATornTail() throws {
        let directory = try TemporaryDirectory()
        let trace = try CounterTrace.write(to: directory.path("torn.sstrace"))
        let last = try #require(trace.chunks.last)
        let cut = last.offset + Int64(ChunkHeader.size) + Int64(last.header.storedLength) / 2
        try truncate(trace.path, to: cut)
        let kept = trace.records(inChunks: 0..<(trace.chunks.count - 1))
        let counts = ExpectedCounts(kept)

        let check = try InProcess.storescope(["check", trace.path])
        #expect(check.status == 1, "stderr: \(check.stderr)")
        #expect(check.stderr.isEmpty)
        #expect(
            check.stdout == """
                file:      \(trace.path) (\(cut) bytes)
                session:   00010203-0405-0607-0809-0a0b0c0d0e0f, app "CounterApp", store "counter"
                format:    1.0
                index:     rebuilt by scanning: no footer index (the session was not closed cleanly)
                chunks:    \(trace.chunks.count - 1) (\(trace.chunks.count - 1) readable)
                records:   \(counts.recordsText)
                dropped:   3 actions lost by the recorder
                gaps:      0
                torn tail: bytes \(last.offset)…\(cut - 1) (\(cut - last.offset) bytes): an incomplete last chunk (the session was cut off)
                status:    damaged but readable

                """)

        let json = try jsonObject(try InProcess.storescope(["check", "--json", trace.path]).stdout)
        #expect(json["index"] as? String == "rebuilt")
        #expect(json["status"] as? String == "damaged")
        let torn = try #require(json["tornTail"] as? [String: Any])
        #expect(torn["start"] as? Int64 == last.offset)
        #expect(torn["end"] as? Int64 == cut)

        let cat = try InProcess.storescope(["cat", trace.path])
        #expect(cat.status == 1)
        #expect(cat.stdout == trace.catText(inChunks: [0..<(trace.chunks.count - 1)]))
        // The same words as every command that reads a trace front to back (issue 19, item 23).
        #expect(cat.stderr == """
            warning: bytes \(last.offset)…\(cut - 1) (the last \(cut - last.offset) bytes) are an incomplete last chunk (the session was cut off); its records are missing
            warning: the answer above covers only the readable part of the trace

            """)
    }

    @Test("check and cat on a trace with a corrupted chunk: one gap with that chunk's bytes, every other record, exit 1")
    func corruptedChunkIsAGap() throws {
        let directory = try TemporaryDirectory()
        let trace = try CounterTrace.write(to: directory.path("gap.sstrace"))
        let damaged = trace.chunks[1]
        try flipByte(in: trace.path, at: damaged.offset + Int64(ChunkHeader.size) + Int64(damaged.header.storedLength) / 2)
        let kept = trace.records(inChunks: 0..<1) + trace.records(inChunks: 2..<trace.chunks.count)
        let counts = ExpectedCounts(kept)
        let gap = "bytes \(damaged.offset)…\(damaged.endOffset - 1) (\(damaged.endOffset - damaged.offset) bytes): chunk checksum mismatch"

        let check = try InProcess.storescope(["check", trace.path])
        #expect(check.status == 1, "stderr: \(check.stderr)")
        #expect(check.stderr.isEmpty)
        #expect(
            check.stdout == """
                file:      \(trace.path) (\(trace.fileSize) bytes)
                session:   00010203-0405-0607-0809-0a0b0c0d0e0f, app "CounterApp", store "counter"
                format:    1.0
                index:     footer
                chunks:    \(trace.chunks.count) (\(trace.chunks.count - 1) readable)
                records:   \(counts.recordsText)
                dropped:   3 actions lost by the recorder
                gaps:      1
                  \(gap)
                status:    damaged but readable

                """)

        let json = try jsonObject(try InProcess.storescope(["check", "--json", trace.path]).stdout)
        let gaps = try #require(json["gaps"] as? [[String: Any]])
        #expect(gaps.count == 1)
        #expect(gaps.first?["start"] as? Int64 == damaged.offset)
        #expect(gaps.first?["end"] as? Int64 == damaged.endOffset)
        #expect(json["records"] as? Int == kept.count)

        let cat = try InProcess.storescope(["cat", trace.path])
        #expect(cat.status == 1)
        #expect(cat.stdout == trace.catText(inChunks: [0..<1, 2..<trace.chunks.count]))
        #expect(cat.stderr == """
            warning: bytes \(damaged.offset)…\(damaged.endOffset - 1) (\(damaged.endOffset - damaged.offset) bytes) could not be read (chunk checksum mismatch); the records in them are missing
            warning: the answer above covers only the readable part of the trace

            """)
    }

    @Test(
        "check and cat refuse an unreadable file with exit 2 and one 'Error: FILE: reason' line",
        arguments: UnreadableFile.allCases, ["check", "cat"])
    func unreadableFileIsRefused(file: UnreadableFile, command: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("\(file).sstrace")
        try file.create(at: path, in: directory)

        let run = try InProcess.storescope([command, path])
        #expect(run.status == 2, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Error: \(path): \(file.reason(path))\n")
    }

    // MARK: - cat

    @Test("cat --json prints one JSON object per record, in order, that jq reads")
    func catJSONIsNDJSON() throws {
        let directory = try TemporaryDirectory()
        let trace = try CounterTrace.write(to: directory.path("json.sstrace"))

        let cat = try InProcess.storescope(["cat", "--json", trace.path])
        #expect(cat.status == 0, "stderr: \(cat.stderr)")
        #expect(cat.stderr.isEmpty)
        let lines = cat.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(cat.stdout.hasSuffix("\n"))
        #expect(lines.count == trace.records.count)
        let kinds = try lines.map { try jsonObject(String($0))["kind"] as? String }
        #expect(kinds == trace.records.map(\.kind))
        let first = try jsonObject(String(try #require(lines.first)))
        #expect(first["seq"] as? Int == 0)
        #expect((first["state"] as? [String: Any])?["$type"] as? String == "CounterState")
    }

    @Test("jq -c .kind over cat --json yields the record kinds in order", .enabled(if: jqExecutable != nil))
    func jqReadsCatJSON() throws {
        let directory = try TemporaryDirectory()
        let trace = try CounterTrace.write(to: directory.path("jq.sstrace"))
        let cat = try InProcess.storescope(["cat", "--json", trace.path])
        #expect(cat.status == 0)

        let jq = try ChildProcess.run(try #require(jqExecutable), ["-c", ".kind"], input: Data(cat.stdout.utf8))
        #expect(jq.status == 0, "jq: \(jq.stderr)")
        #expect(jq.stdout == trace.records.map { "\"\($0.kind)\"\n" }.joined())
    }

    @Test("cat neutralises escape sequences in text and round-trips them exactly through --json")
    func catNeutralisesControlCharacters() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("escapes.sstrace")
        let red = "\u{1B}[31mred\u{1B}[0m"
        let message = "line one\nline two\u{1B}]0;title\u{07}\r\u{9B}2J\u{202E}"
        let start: UInt64 = 5_000_000_000
        let writer = try TraceWriter(path: path, header: CounterTrace.header(startMonotonicNanos: start))
        try writer.append(.action(ActionRecord(seq: 1, store: "counter", monotonicNanos: start + 1_000, wallNanos: 0, reducerNanos: 10, action: .string(red))))
        try writer.append(.log(LogRecord(level: .warning, message: message, monotonicNanos: start + 2_000, seq: 1)))
        try writer.close()

        let text = try InProcess.storescope(["cat", path])
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(!text.stdoutBytes.contains(0x1B), "no raw ESC reaches the terminal")
        #expect(!text.stdoutBytes.contains(0x07) && !text.stdoutBytes.contains(0x0D))
        #expect(!text.stdout.unicodeScalars.contains("\u{9B}") && !text.stdout.unicodeScalars.contains("\u{202E}"))
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 2, "a newline inside a message does not start a new record line")
        #expect(lines.first?.contains(#"\u{1b}[31mred\u{1b}[0m"#) == true)
        #expect(lines.last?.hasSuffix(#"line one\u{a}line two\u{1b}]0;title\u{7}\u{d}\u{9b}2J\u{202e}"#) == true)

        let json = try InProcess.storescope(["cat", "--json", path])
        #expect(json.status == 0)
        #expect(!json.stdoutBytes.contains(0x1B))
        let objects = try json.stdout.split(separator: "\n").map { try jsonObject(String($0)) }
        #expect(objects.count == 2)
        #expect(objects.first?["action"] as? String == red)
        #expect(objects.last?["message"] as? String == message)
    }

    // MARK: - help and usage errors

    @Test("--help prints the overview to standard output and exits 0")
    func overviewHelp() throws {
        let help = try InProcess.storescope(["--help"])
        #expect(help.status == 0)
        #expect(help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("storescope: record, inspect and replay Redux-style store sessions.\n\nUsage: storescope <command> [options] [arguments]\n"))
        for command in ["check", "cat", "demo"] {
            #expect(help.stdout.contains("\n  \(command) "), "lists \(command)")
        }
    }

    @Test("check --help and cat --help print the command's usage, arguments and options and exit 0")
    func commandHelp() throws {
        let check = try InProcess.storescope(["check", "--help"])
        #expect(check.status == 0)
        #expect(check.stderr.isEmpty)
        #expect(
            check.stdout == """
                Verify a trace file: chunks, records, keyframes, gaps, torn tail and index.

                Usage: storescope check [options] FILE

                Arguments:
                  FILE                    The trace file to check.

                Options:
                      --json              Print the report as one JSON object.
                  -h, --help              Show this help.

                Every chunk is decoded and compared with what its header and the footer index claim
                (seq and time ranges, keyframe and dropped flags); the records are checked against
                each other (seqs unique and increasing, effects ending after they start and once,
                one 'session ended'). Each disagreement is damage, listed with where it is.

                Damage is a gap, a torn tail, a missing footer index, a header misstating its chunk
                or records breaking the format's rules. Values cut by capture limits are reported as
                a warning (how many, and the first record holding one) but do not change the status:
                the trace itself is intact.

                Exit status: 0 when the trace was read whole and the answer is complete; 1 when the
                trace is damaged or was not closed cleanly (standard error says what is missing, and the
                answer covers the readable part); 2 when a file cannot be read; 64 for a usage error.

                """)

        let cat = try InProcess.storescope(["cat", "--help"])
        #expect(cat.status == 0)
        #expect(cat.stderr.isEmpty)
        #expect(
            cat.stdout == """
                Print the records of a trace, one per line.

                Usage: storescope cat [options] FILE

                Arguments:
                  FILE                    The trace file to print.

                Options:
                      --json              Print NDJSON (one JSON object per record) for jq and scripts.
                  -h, --help              Show this help.

                Damaged chunks are skipped and reported on standard error. Values cut by capture
                limits print as <truncated by … limit: Type>, and a warning on standard error counts
                them (they do not change the exit status).

                Exit status: 0 when the trace was read whole and the answer is complete; 1 when the
                trace is damaged or was not closed cleanly (standard error says what is missing, and the
                answer covers the readable part); 2 when a file cannot be read; 64 for a usage error.

                """)
    }

    @Test("cat -- --help reads a file named --help: no such file, exit 2, not the help")
    func helpAfterDoubleDashIsAFileName() throws {
        let directory = try TemporaryDirectory()
        let run = try ChildProcess.storescope(["cat", "--", "--help"], workingDirectory: directory.url)
        #expect(run.status == 2, "stdout: \(run.stdout)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Error: --help: cannot open --help: No such file or directory\n")
    }

    @Test("a usage error exits 64 with 'Error:' and the usage on standard error", arguments: [
        ([], "Error: missing command", "Usage: storescope <command> [options] [arguments]"),
        (["bogus"], "Error: unknown command 'bogus'", "Usage: storescope <command> [options] [arguments]"),
        (["cat"], "Error: missing FILE", "Usage: storescope cat [options] FILE"),
        (["cat", "--nope", "x"], "Error: unknown option '--nope'", "Usage: storescope cat [options] FILE"),
        (["check", "a", "b"], "Error: unexpected argument 'b'", "Usage: storescope check [options] FILE"),
        // Errors a command finds in its options' values, not the parser: its own usage too.
        (["stats", "x", "--by", "nothing"], "Error: --by takes case or case-path, not nothing", "Usage: storescope stats [options] FILE"),
        (["control", "frob"], "Error: unknown control command 'frob'", "Usage: storescope control [options] COMMAND [ARGUMENT]"),
    ])
    func usageError(arguments: [String], error: String, usage: String) throws {
        let run = try InProcess.storescope(arguments)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == error)
        #expect(lines.contains(usage))
        #expect(lines.last?.hasPrefix("See 'storescope ") == true)
    }
}

// MARK: - Fixtures

/// A counter app's session written with ``TraceWriter`` in small chunks: actions with patches,
/// keyframes, an effect, a log line, dropped actions and the session end.
private struct CounterTrace {
    let path: String
    let records: [Record]
    let chunks: [ChunkInfo]
    let fileSize: Int64
    let startMonotonicNanos: UInt64

    static func header(startMonotonicNanos: UInt64) -> SessionHeader {
        TraceFixture.header(
            app: "CounterApp", store: "counter", startWallNanos: 1_700_000_000_000_000_000, startMonotonicNanos: startMonotonicNanos,
            schemaFingerprint: 42)
    }

    static func write(to path: String) throws -> CounterTrace {
        let start: UInt64 = 1_000_000_000
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "counter", state: state(0)))]
        for seq in UInt64(1)...30 where !(18...20).contains(seq) {
            let t = start + seq * 1_000_000
            let action = TraceValue.enumeration(type: "CounterAction", caseName: "increment", payload: [.init("by", .int(1))])
            records.append(.action(ActionRecord(
                seq: seq, store: "counter", monotonicNanos: t, wallNanos: 1_700_000_000_000_000_000 + Int64(seq), reducerNanos: 1_500,
                action: action, effectID: seq == 6 ? 1 : nil)))
            records.append(.patch(StatePatch(seq: seq, store: "counter", operations: [.set(path: [.field("count")], value: .int(Int64(seq)))])))
            if seq.isMultiple(of: 8) { records.append(.keyframe(Keyframe(seq: seq, store: "counter", state: state(seq)))) }
            switch seq {
            case 5: records.append(.effectStarted(EffectStarted(effectID: 1, name: "Autosave", store: "counter", parentSeq: 5, monotonicNanos: t + 10)))
            case 6:
                records.append(.effectEmitted(EffectEmitted(effectID: 1, actionSeq: 6, monotonicNanos: t + 10)))
                records.append(.effectEnded(EffectEnded(effectID: 1, outcome: .finished, monotonicNanos: t + 20)))
            case 12: records.append(.log(LogRecord(level: .info, message: "halfway", monotonicNanos: t + 10, seq: 12)))
            case 17: records.append(.dropped(DroppedRecords(count: 3, firstSeq: 18, lastSeq: 20, monotonicNanos: t + 10)))
            default: break
            }
        }
        records.append(.sessionEnded(SessionEnded(monotonicNanos: start + 31_000_000, wallNanos: 1_700_000_000_031_000_000)))

        let writer = try TraceFixture.writer(at: path, header: header(startMonotonicNanos: start), chunkSize: 256)
        for record in records { try writer.append(record) }
        try writer.close()
        return CounterTrace(path: path, records: records, chunks: writer.chunks, fileSize: writer.bytesWritten, startMonotonicNanos: start)
    }

    private static func state(_ count: UInt64) -> TraceValue {
        .structure(type: "CounterState", fields: [.init("count", .int(Int64(count)))])
    }

    /// The positions in ``records`` of the records stored in the chunks at `indices` (from the
    /// writer's chunk record counts).
    func recordIndices(inChunks indices: Range<Int>) -> Range<Int> {
        let before = chunks[..<indices.lowerBound].reduce(0) { $0 + Int($1.header.recordCount) }
        let count = chunks[indices].reduce(0) { $0 + Int($1.header.recordCount) }
        return before..<before + count
    }

    /// The records stored in the chunks at `indices`, in order.
    func records(inChunks indices: Range<Int>) -> [Record] {
        Array(records[recordIndices(inChunks: indices)])
    }

    /// What `storescope cat` prints for the records of the chunks at each of `indices`: the
    /// lines of ``catText`` at their positions (one line per record).
    func catText(inChunks indices: [Range<Int>]) -> String {
        let lines = Self.catText.split(separator: "\n", omittingEmptySubsequences: false)
        return indices.flatMap { lines[recordIndices(inChunks: $0)] }.map { $0 + "\n" }.joined()
    }

    /// What `storescope cat` prints for the whole trace, written out: one line per record.
    static let catText = """
                    #0 counter keyframe CounterState(count: 0)
        +0.001000s #1 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #1 counter patch .count = 1
        +0.002000s #2 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #2 counter patch .count = 2
        +0.003000s #3 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #3 counter patch .count = 3
        +0.004000s #4 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #4 counter patch .count = 4
        +0.005000s #5 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #5 counter patch .count = 5
        +0.005000s effect 1 started "Autosave" in counter by #5
        +0.006000s #6 counter action CounterAction.increment(by: 1) (reducer 1.5µs) from effect 1
                    #6 counter patch .count = 6
        +0.006000s effect 1 emitted #6
        +0.006000s effect 1 finished
        +0.007000s #7 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #7 counter patch .count = 7
        +0.008000s #8 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #8 counter patch .count = 8
                    #8 counter keyframe CounterState(count: 8)
        +0.009000s #9 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #9 counter patch .count = 9
        +0.010000s #10 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #10 counter patch .count = 10
        +0.011000s #11 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #11 counter patch .count = 11
        +0.012000s #12 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #12 counter patch .count = 12
        +0.012000s info after #12: halfway
        +0.013000s #13 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #13 counter patch .count = 13
        +0.014000s #14 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #14 counter patch .count = 14
        +0.015000s #15 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #15 counter patch .count = 15
        +0.016000s #16 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #16 counter patch .count = 16
                    #16 counter keyframe CounterState(count: 16)
        +0.017000s #17 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #17 counter patch .count = 17
        +0.017000s DROPPED 3 actions #18…#20
        +0.021000s #21 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #21 counter patch .count = 21
        +0.022000s #22 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #22 counter patch .count = 22
        +0.023000s #23 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #23 counter patch .count = 23
        +0.024000s #24 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #24 counter patch .count = 24
                    #24 counter keyframe CounterState(count: 24)
        +0.025000s #25 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #25 counter patch .count = 25
        +0.026000s #26 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #26 counter patch .count = 26
        +0.027000s #27 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #27 counter patch .count = 27
        +0.028000s #28 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #28 counter patch .count = 28
        +0.029000s #29 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #29 counter patch .count = 29
        +0.030000s #30 counter action CounterAction.increment(by: 1) (reducer 1.5µs)
                    #30 counter patch .count = 30
        +0.031000s session ended
        """
}

/// The tallies `storescope check` should print, counted from what was written.
private struct ExpectedCounts {
    var actions = 0, patches = 0, keyframes = 0, effects = 0, logs = 0, total = 0
    var seqs: [UInt64] = []

    init(_ records: [Record]) {
        total = records.count
        for record in records {
            switch record {
            case let .action(action): actions += 1; seqs.append(action.seq)
            case .patch: patches += 1
            case .keyframe: keyframes += 1
            case .effectStarted, .effectEmitted, .effectEnded: effects += 1
            case .log: logs += 1
            case .dropped, .sessionEnded, .stateNotRecorded: break
            }
        }
    }

    /// The text after `records:`.
    var recordsText: String {
        var range = ""
        if let first = seqs.min(), let last = seqs.max() { range = ", #\(first)…#\(last)" }
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        return "\(total) (\(count(actions, "action", "actions"))\(range), \(count(patches, "patch", "patches")), \(count(keyframes, "keyframe", "keyframes")), \(count(effects, "effect event", "effect events")), \(count(logs, "log", "logs")))"
    }
}

/// Files that are not readable traces, and the reason `storescope` must give for each.
enum UnreadableFile: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case empty, text, randomBytes, shortHeader, futureVersion, directory, namedPipe, device, missing

    var testDescription: String { rawValue }

    func create(at path: String, in directory: TemporaryDirectory) throws {
        switch self {
        case .empty: try write(Data(), to: path)
        case .text: try write(Data("# Notes\nNot a trace at all, just some text.\n".utf8), to: path)
        case .randomBytes:
            var generator = SplitMix64(seed: 0x5EED)
            try write(Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }), to: path)
        case .shortHeader:
            let trace = try CounterTrace.write(to: directory.path("source.sstrace"))
            try write(Data(contentsOf: URL(fileURLWithPath: trace.path)).prefix(30), to: path)
        case .futureVersion:
            let trace = try CounterTrace.write(to: directory.path("source.sstrace"))
            var bytes = try Data(contentsOf: URL(fileURLWithPath: trace.path))
            bytes[8] = 2  // major version, little-endian u16; the header CRC is left as it was
            bytes[9] = 0
            try write(bytes, to: path)
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .namedPipe: #expect(mkfifo(path, 0o600) == 0)
        // /dev/zero through a link: endless zeros, and a size of 0 (it read as an empty file).
        case .device: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        case .missing: break
        }
    }

    func reason(_ path: String) -> String {
        switch self {
        case .empty: "not a StoreScope trace: the file is empty"
        case .text, .randomBytes: "not a StoreScope trace: it does not start with the StoreScope signature"
        case .shortHeader: "malformed trace data: the file header is cut short"
        case .futureVersion: "trace format version 2.0 is newer than this reader (1.1); upgrade storescope"
        case .directory: "cannot read \(path): Is a directory"
        case .namedPipe: "cannot read \(path): not a regular file (a pipe or socket cannot be read at an offset)"
        case .device: "cannot open \(path): not a regular file (a device)"
        case .missing: "cannot open \(path): No such file or directory"
        }
    }

    private func write(_ data: Data, to path: String) throws {
        try data.write(to: URL(fileURLWithPath: path))
    }
}

// MARK: - Helpers

extension Record {
    /// The `kind` member of the record's JSON line.
    fileprivate var kind: String {
        switch self {
        case .action: "action"
        case .patch: "patch"
        case .keyframe: "keyframe"
        case .effectStarted: "effectStarted"
        case .effectEmitted: "effectEmitted"
        case .effectEnded: "effectEnded"
        case .log: "log"
        case .dropped: "dropped"
        case .sessionEnded: "sessionEnded"
        case .stateNotRecorded: "stateNotRecorded"
        }
    }
}

private func jsonObject(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not a JSON object: \(text)")
}

private func truncate(_ path: String, to size: Int64) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.truncate(atOffset: UInt64(size))
}

private func flipByte(in path: String, at offset: Int64) throws {
    let url = URL(fileURLWithPath: path)
    var bytes = try Data(contentsOf: url)
    bytes[Int(offset)] ^= 0xFF
    try bytes.write(to: url)
}

/// `jq` on PATH, if installed.
private let jqExecutable: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":")
    .map { URL(fileURLWithPath: String($0)).appendingPathComponent("jq") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
