import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `mark:GLOB` finds the actions after which the app placed a mark (`Recorder.mark(_:)` writes
/// a log record of level `mark` after the last action), in `log` and in every command that
/// takes a filter.
@Suite("The mark: filter")
struct MarkFilterTests {
    @Test("log 'mark:checkout*' lists the actions the app marked with a matching name, and nothing else")
    func findsMarkedActions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("marks.sstrace")
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: [.init("n", .int(0))])))]
        for seq in UInt64(1)...6 {
            records.append(TraceFixture.action(seq, "step"))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
            let mark = [2: "checkout started", 3: "info only", 5: "checkout failed"][Int(seq)]
            if let mark {
                records.append(.log(LogRecord(level: seq == 3 ? .info : .mark, message: mark, monotonicNanos: seq * 1_000 + 1, seq: seq)))
            }
        }
        try TraceFixture.write(records, to: path)

        let found = try InProcess.storescope(["log", path, "mark:checkout*"])
        #expect(found.status == 0, "stderr: \(found.stderr)")
        let actionLines = found.stdout.split(separator: "\n").filter { $0.contains(".step") }
        #expect(actionLines.compactMap { $0.split(separator: " ").first { $0.hasPrefix("#") } } == ["#2", "#5"], "\(found.stdout)")
        // Each with its mark under it.
        #expect(found.stdout.contains("checkout started") && found.stdout.contains("checkout failed"), "\(found.stdout)")
        // A log line that is not a mark is not a mark, even with a matching text.
        let none = try InProcess.storescope(["log", path, "mark:info*"])
        #expect(none.status == 1 && none.stdout.isEmpty, "\(none.stdout)")
        let combined = try InProcess.storescope(["log", path, "mark:* and seq:4.."])
        #expect(combined.stdout.contains("#5") && !combined.stdout.contains("#2"), "\(combined.stdout)")
    }
}
