import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite("The jump mark")
struct JumpMarkTests {
    @Test("the mark a jump records names its seq; other marks and logs name none")
    func sourceSeq() throws {
        guard case let .log(mark) = JumpMark.record(jumpedTo: 42, at: 7, latestSeq: 50) else {
            Issue.record("a jump mark is a log record")
            return
        }
        #expect(mark.level == .mark && mark.message == "⤺ jumped to #42" && mark.seq == 50)
        #expect(JumpMark.sourceSeq(of: mark) == 42)
        #expect(JumpMark.sourceSeq(of: LogRecord(level: .mark, message: "checkout", monotonicNanos: 0, seq: 1)) == nil)
        #expect(JumpMark.sourceSeq(of: LogRecord(level: .info, message: "⤺ jumped to #42", monotonicNanos: 0, seq: 1)) == nil, "a mark only")
        #expect(JumpMark.sourceSeq(of: LogRecord(level: .mark, message: "⤺ jumped to #x", monotonicNanos: 0, seq: 1)) == nil)
    }

    @Test("effect lifetimes keep each jump's time and seq, beside the effects it left running")
    func keptByEffectLifetimes() {
        var lifetimes = EffectLifetimes()
        lifetimes.add(.effectStarted(EffectStarted(effectID: 1, name: "poll", store: "main", parentSeq: 2, monotonicNanos: 10)))
        lifetimes.add(JumpMark.record(jumpedTo: 1, at: 30, latestSeq: 4))
        lifetimes.add(.log(LogRecord(level: .mark, message: "checkout", monotonicNanos: 40, seq: 4)))
        #expect(lifetimes.jumps == [EffectLifetimes.Jump(monotonicNanos: 30, seq: 1)])
        #expect(lifetimes.lifetimes.first?.isOpen == true)
    }
}
