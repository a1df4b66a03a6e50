import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// Issue 17, item 5: chunk headers and the footer index are claims about the records. `check`
/// verifies every claim and every rule the records must follow; the engine uses the records
/// of a chunk it decodes, whatever its header says.
@Suite("Headers that misstate their chunks, records that break the rules")
struct MisstatedHeaderTests {
    static func action(_ seq: UInt64) -> Record {
        HostileTrace.action(seq, at: seq * 10)
    }

    static func keyframe(_ seq: UInt64) -> Record {
        .keyframe(Keyframe(seq: seq, store: "main", state: HostileTrace.state(seq)))
    }

    /// One chunk: the first keyframe and #1…#5, its header (and index entry) claiming
    /// actions #1…#1 and no keyframe.
    static func singleChunkLie(at path: String) throws {
        var records: [Record] = [keyframe(0)]
        for seq in UInt64(1)...5 { records += [action(seq), HostileTrace.setN(seq, seq * 100)] }
        try HostileTrace.write(records, to: path)
        try LyingHeaders.rewrite(path) { _, claim in
            claim.firstSeq = 1
            claim.lastSeq = 1
            claim.keyframe = false
        }
    }

    /// Three chunks, kf #0 #1 #2 | #3 #4 #5 | #6 #7 (the writer flushed after 5 and 6
    /// records), the middle one's header (and index entry) claiming #3…#3.
    static func middleChunkLie(at path: String) throws {
        var records: [Record] = [keyframe(0)]
        for seq in UInt64(1)...7 { records += [action(seq), HostileTrace.setN(seq, seq * 100)] }
        let writer = try TraceWriter(path: path, header: HostileTrace.header(wall: 0), options: .init(chunkSize: 1 << 20, flushInterval: .seconds(3_600)))
        for (index, record) in records.enumerated() {
            try writer.append(record)
            if index == 4 || index == 10 { try writer.flush() }
        }
        try writer.close()
        try LyingHeaders.rewrite(path) { index, claim in
            if index == 1 { claim.lastSeq = 3 }
        }
    }

    @Test("check reports a header claiming #1…#1 and no keyframe over a chunk holding a keyframe and #1…#5, with where it is; state --at 5 and log seq:5 find #5")
    func singleChunk() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("lying.sstrace")
        try Self.singleChunkLie(at: path)
        let chunk = try #require(try TraceReader(path: path).chunks.first)

        let check = try InProcess.storescope(["check", path])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("""
            headers:   1 misstating their chunk's records (the records are used as they are)
              chunk at bytes \(chunk.offset)…\(chunk.endOffset - 1): header claims actions #1…#1, holds #1…#5; claims no keyframe, holds one
            """), "\(check.stdout)")
        #expect(check.stdout.contains("status:    damaged but readable"))
        let json = try InProcess.storescope(["check", "--json", path])
        #expect(json.status == 1)
        #expect(json.stdout.contains(#""misstatedHeaders":[{"start":\#(chunk.offset),"end":\#(chunk.endOffset),"problems":["claims actions #1…#1, holds #1…#5","claims no keyframe, holds one"]}]"#), "\(json.stdout)")

        let state = try InProcess.storescope(["state", path, "--at", "5"])
        #expect(state.stdout.contains("n: 500"), "\(state.stdout)\n\(state.stderr)")
        #expect(state.status == 1, "the answer is right, the trace is still damaged")
        #expect(state.stderr.contains("its records were read as they are, the header ignored"), "\(state.stderr)")
        let log = try InProcess.storescope(["log", path, "seq:5"])
        #expect(log.stdout.contains("#5 main action Action.set(n: 5)"), "\(log.stdout)\n\(log.stderr)")
        let cat = try InProcess.storescope(["cat", path])
        #expect(cat.stdout.contains("#5 main action Action.set(n: 5)"))
        #expect(cat.status == 1, "\(cat.stderr)")
    }

    @Test("A header in the middle claiming fewer seqs than its chunk holds: log seq:5 and state --at 5 find #5 there, and the engine corrects its index")
    func middleChunk() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("lying-middle.sstrace")
        try Self.middleChunkLie(at: path)
        let session = try TraceSession(path: path)
        #expect(session.damage.isEmpty, "opening decodes the first, last and final chunks only")
        let found = session.action(after: 4)
        #expect(found?.seq == 5)
        #expect(session.damage.map(\.kind) == [.misstatedHeader])
        #expect(session.chunks[1].seqRange == 3...5, "the index now says what the chunk holds")

        let log = try InProcess.storescope(["log", path, "seq:5"])
        #expect(log.stdout.contains("#5 main action Action.set(n: 5)"), "\(log.stdout)\n\(log.stderr)")
        #expect(log.status == 1)
        let state = try InProcess.storescope(["state", path, "--at", "5"])
        #expect(state.stdout.contains("n: 500"), "\(state.stdout)\n\(state.stderr)")
        let check = try InProcess.storescope(["check", path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("header claims actions #3…#3, holds #3…#5"), "\(check.stdout)")
    }

    @Test("Selective reads (the effects scan, a replay's far chunks) verify the headers they read: a lie in a chunk nothing decodes whole is found and corrected")
    func selectiveReadsVerify() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("lying-selective.sstrace")
        try Self.middleChunkLie(at: path)
        // The effects of every chunk, as the viewer's first idle moment reads them.
        let session = try TraceSession(path: path)
        #expect(session.damage.isEmpty, "opening decodes the first, last and final chunks only")
        var effects = EffectLifetimes()
        #expect(effects.add(chunksOf: session, from: 0) == 3)
        #expect(session.damage.map(\.kind) == [.misstatedHeader])
        #expect(session.chunks[1].seqRange == 3...5, "the index now says what the chunk holds")
        #expect(session.action(after: 4)?.seq == 5)
        // A state read of the same chunk (what a replay reads of chunks far from its point).
        let reader = try TraceReader(path: path)
        let kept = try reader.records(in: reader.chunks[1], keeping: .state(of: "main"))
        #expect(kept.count == 3, "its three patches")
        #expect(reader.headerMismatches.count == 1 && reader.chunks[1].seqRange == 3...5)
    }

    @Test("A header whose first seq is after its last (#9…#3) traps nothing: every command reads the records, check names the lie")
    func invertedRange() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("inverted.sstrace")
        try Self.singleChunkLie(at: path)
        try LyingHeaders.rewrite(path) { _, claim in
            claim.firstSeq = 9
            claim.lastSeq = 3
        }
        for arguments in [["check", path], ["log", path], ["state", path, "--at", "5"], ["view", path], ["stats", path], ["blame", path, ".n"]] {
            let run = try InProcess.storescope(arguments)
            #expect(run.status == 1, "\(arguments): \(run.status) \(run.stderr)")
        }
        let check = try InProcess.storescope(["check", path])
        #expect(check.stdout.contains("header claims actions #9…#3, holds #1…#5"), "\(check.stdout)")
        let state = try InProcess.storescope(["state", path, "--at", "5"])
        #expect(state.stdout.contains("n: 500"), "\(state.stdout)\n\(state.stderr)")
    }

    @Test("check reports duplicate and backward seqs, seq 0, an effect ending before it starts or twice, and a second 'session ended', each with its chunk")
    func brokenRules() throws {
        let directory = try TemporaryDirectory()
        let cases: [(String, [Record], String)] = [
            ("duplicate", [Self.keyframe(0), Self.action(1), Self.action(2), Self.action(2)], "action #2 repeats the seq of the action before it"),
            ("backward", [Self.keyframe(0), Self.action(1), Self.action(7), Self.action(3)], "action #3 comes after #7: seqs must increase"),
            ("zero", [Self.keyframe(0), Self.action(0), Self.action(1)], "an action with seq 0: seqs start at 1"),
            ("effect-backwards", [
                Self.keyframe(0), Self.action(1),
                .effectStarted(EffectStarted(effectID: 9, name: "fx", store: "main", parentSeq: 1, monotonicNanos: 500)),
                .effectEnded(EffectEnded(effectID: 9, outcome: .finished, monotonicNanos: 100)),
            ], "effect 9 ends at 100ns, before it starts at 500ns"),
            ("effect-twice", [
                Self.keyframe(0), Self.action(1),
                .effectStarted(EffectStarted(effectID: 9, name: "fx", store: "main", parentSeq: 1, monotonicNanos: 5)),
                .effectEnded(EffectEnded(effectID: 9, outcome: .finished, monotonicNanos: 6)),
                .effectEnded(EffectEnded(effectID: 9, outcome: .cancelled, monotonicNanos: 7)),
            ], "effect 9 ends a second time"),
            ("two-ends", [
                Self.keyframe(0), Self.action(1), .sessionEnded(SessionEnded(monotonicNanos: 20, wallNanos: 0)),
                .sessionEnded(SessionEnded(monotonicNanos: 30, wallNanos: 0)),
            ], "a second 'session ended' record: a session ends once"),
        ]
        for (name, records, message) in cases {
            let path = directory.path("\(name).sstrace")
            try HostileTrace.write(records, header: HostileTrace.header(wall: 0), to: path)
            let chunk = try #require(try TraceReader(path: path).chunks.first)
            let check = try InProcess.storescope(["check", path])
            #expect(check.status == 1, "\(name): \(check.stdout)")
            #expect(check.stdout.contains("records:   1 breaking the format's rules\n  bytes \(chunk.offset)…\(chunk.endOffset - 1): \(message)\n"), "\(name): \(check.stdout)")
            let json = try InProcess.storescope(["check", "--json", path])
            #expect(json.stdout.contains(#""inconsistencies":1,"firstInconsistencies":[{"start":\#(chunk.offset),"end":\#(chunk.endOffset),"problem":"\#(message)"}]"#), "\(name): \(json.stdout)")
        }
    }
}
