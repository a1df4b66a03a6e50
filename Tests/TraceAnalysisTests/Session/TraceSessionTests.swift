import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// The session engine on generated multi-chunk traces, checked against a plain replay of
/// every record.
@Suite("Session engine")
struct TraceSessionTests {
    @Test("The state after every seq equals a full replay, in any order and with a cache too small to hold much")
    func stateAtEverySeqMatchesReplay() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"))
        let expected = fixture.replayedStates()
        for budget in [TraceSession.Budget.standard, TraceSession.Budget(chunkBytes: 2048, states: 1)] {
            let session = try TraceSession(path: fixture.path, budget: budget)
            #expect(session.chunks.count > 20, "the fixture spans many chunks")
            var order = Array(0...fixture.lastSeq)
            var random = SplitMix64(seed: 42)
            order.shuffle(using: &random)
            for seq in order + Array(0...fixture.lastSeq) {
                let answer = session.state(of: SessionFixture.store, after: seq)
                #expect(answer.value == expected[seq]!, "state after #\(seq)")
                #expect(answer.value != nil)
            }
        }
    }

    @Test("After dropped actions the state is unknown, says why and where it is known again, and never shows a guess")
    func droppedActionsMakeTheStateUnknown() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), dropped: 120...130)
        let expected = fixture.replayedStates()
        let session = try TraceSession(path: fixture.path)
        for seq in 0...fixture.lastSeq {
            let answer = session.state(of: SessionFixture.store, after: seq)
            #expect(answer.value == expected[seq]!, "state after #\(seq)")
            if (120...130).contains(seq) {
                #expect(answer.unknown == .dropped(first: 120, last: 130))
                #expect(answer.nextKeyframeSeq == 131)
                #expect(answer.unknownDescription == "the state of main after #\(seq) is unknown: the recorder dropped actions #120…#130; it is known again from the keyframe at #131")
            }
        }
        #expect(session.state(of: SessionFixture.store, after: 119).value != nil)
        #expect(session.state(of: SessionFixture.store, after: 131).keyframeSeq == 131)
    }

    @Test("A damaged chunk makes states after it unknown until the next keyframe; every other state is still exact")
    func damagedChunkIsNotCrossed() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"))
        let expected = fixture.replayedStates()
        let clean = try TraceSession(path: fixture.path)
        // Damage a chunk in the middle that holds no keyframe.
        let victim = try #require(clean.chunks.indices.first { $0 > clean.chunks.count / 2 && !clean.chunks[$0].hasKeyframe && clean.chunks[$0].seqRange != nil })
        let chunk = clean.chunks[victim]
        try TraceFixture.flipByte(in: fixture.path, at: chunk.offset + Int64(ChunkHeader.size) + 3)
        let lost = try #require(chunk.seqRange)

        let session = try TraceSession(path: fixture.path)
        let nextKeyframe = (lost.upperBound / 50 + 1) * 50
        for seq in 0...fixture.lastSeq {
            let answer = session.state(of: SessionFixture.store, after: seq)
            if seq >= lost.lowerBound - 1 && seq < nextKeyframe {
                // The last action before the chunk may have its patch inside it.
                if seq >= lost.lowerBound {
                    #expect(answer.value == nil, "state after #\(seq) is not guessed")
                    guard case let .damaged(damage) = answer.unknown else {
                        Issue.record("#\(seq): \(String(describing: answer.unknown))")
                        continue
                    }
                    #expect(damage.gap.start == chunk.offset)
                    #expect(answer.nextKeyframeSeq == nextKeyframe)
                } else if let value = answer.value {
                    #expect(value == expected[seq]!)
                }
            } else {
                #expect(answer.value == expected[seq]!, "state after #\(seq)")
            }
        }
        #expect(session.damage.count == 1)
        #expect(session.damage.first?.description.hasSuffix("records after #\(lost.lowerBound - 1) and before #\(lost.upperBound + 1) are lost") == true)
    }

    @Test("records(seqs:) gives each action with the records after it; records(times:) the records in the window")
    func recordRanges() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"))
        let session = try TraceSession(path: fixture.path)
        let startIndex = try #require(fixture.records.firstIndex { if case let .action(a) = $0 { a.seq == 101 } else { false } })
        let endIndex = try #require(fixture.records.firstIndex { if case let .action(a) = $0 { a.seq == 121 } else { false } })
        #expect(session.records(seqs: 101...120).records == Array(fixture.records[startIndex..<endIndex]))
        #expect(session.records(seqs: 101...120).damage.isEmpty)
        let firstAction = try #require(fixture.records.firstIndex { if case .action = $0 { true } else { false } })
        #expect(session.records(seqs: 0...0).records == Array(fixture.records[..<firstAction]))
        // Times of actions are seq * 1µs after the start.
        let window = session.records(times: 101_000...120_000).records
        #expect(window.first == fixture.records[startIndex])
        #expect(window.compactMap { if case let .action(a) = $0 { a.seq } else { nil } } == Array(UInt64(101)...120))
    }

    @Test("next and previous matching actions, across chunks, with filters on effects and changed paths")
    func nextAndPrevious() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"))
        let session = try TraceSession(path: fixture.path)
        let rename = try Filter(parsing: "action:rename")
        #expect(session.action(after: 100, matching: rename)?.seq == 102)
        #expect(session.action(before: 102, matching: rename)?.seq == 98)
        #expect(session.action(before: 2, matching: rename) == nil)
        #expect(session.action(after: 398, matching: rename) == nil)
        let failed = try Filter(parsing: "effect:load@failed")
        #expect(session.action(after: 21, matching: failed)?.seq == 41)
        #expect(session.action(before: 41, matching: failed)?.seq == 21)
        // #200 was recorded as a keyframe; the engine diffs it against the state before.
        let items = try Filter(parsing: "path:.items[*]")
        #expect(session.action(after: 199, matching: items)?.seq == 200)
        #expect(session.action(after: 199, matching: items)?.keyframe != nil)
        #expect(session.action(before: 201, matching: items)?.seq == 200)
        #expect(session.seq(atTime: 150_500) == 150)
        #expect(session.seq(at: .end) == fixture.lastSeq)
    }

    @Test("A trace still being written: refresh picks up new chunks and states after them")
    func growingTrace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("growing.sstrace")
        let writer = try TraceFixture.writer(at: path, chunkSize: 256)
        func count(_ n: Int64) -> TraceValue { .structure(type: "C", fields: [.init("n", .int(n))]) }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: count(0))))
        for seq in 1...20 as ClosedRange<UInt64> {
            try writer.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: .string("inc"))))
            try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
        }
        try writer.flush()
        let session = try TraceSession(path: path)
        #expect(session.seqRange == 1...20)
        #expect(session.state(of: "main", after: 20).value == count(20))
        for seq in 21...40 as ClosedRange<UInt64> {
            try writer.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: .string("inc"))))
            try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
        }
        try writer.flush()
        #expect(try session.refresh())
        #expect(session.seqRange == 1...40)
        #expect(session.state(of: "main", after: 30).value == count(30))
        #expect(session.state(of: "main", after: 20).value == count(20))
        try writer.close()
        _ = try session.refresh()
        #expect(session.reader.isComplete)
        #expect(try session.refresh() == false)
    }
}
