import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

@Suite(.tags(.process)) struct RecorderCrashTests {
    @Test func afterACrashEverythingRecordedBeforeTheLastFlushIntervalIsReadable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sstrace")
        let crash = try ChildProcess.run(product: "recorder-crash-fixture", [path, "200"])
        #expect(crash.terminationReason == .uncaughtSignal, "the child aborts without closing the recorder")
        #expect(crash.stdout.contains("recorded 200"))

        let reader = try TraceReader(path: path)
        #expect(reader.indexSource != .footer, "no footer: the session never closed")
        let records = reader.allRecords()
        let actions = records.compactMap(\.actionRecord)
        #expect(Array(actions.prefix(200).map(\.action)) == (1...200).map { .int(Int64($0)) })
        var replay = StateReplay()
        for record in records { replay.apply(record) }
        let expected = captureValue(CounterState(count: 200 * 201 / 2, history: Array(1...200)))
        let recovered = try #require(replay.stores["counter"] as StateReplay.StoreState?)
        if recovered.seq == 200 { #expect(recovered.value == expected) }
        #expect(recovered.seq >= 200)
    }
}

/// The crash fixture's state, mirrored to compute the expected capture.
private struct CounterState: Equatable {
    var count: Int
    var history: [Int]
}

/// A process that exits normally without closing its recorder still leaves a complete trace.
@Suite(.tags(.process)) struct RecorderProcessExitTests {
    @Test("a process that calls exit() without close() leaves every action, the session's end and the footer index", arguments: ["exit", "exit-off-main"])
    func exitWithoutClose(ending: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("exit.sstrace")
        let child = try ChildProcess.run(product: "recorder-crash-fixture", [path, "300", ending])
        #expect(child.status == 0, "stderr: \(child.stderr)")
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer)
        let records = reader.allRecords()
        #expect(records.compactMap(\.actionRecord).map(\.seq) == Array(1...300))
        #expect(records.contains { if case .sessionEnded = $0 { true } else { false } })
    }
}

/// Deep values are recorded on the worker's own stack, never overflowing it.
@Suite(.tags(.process)) struct RecorderDeepValueTests {
    @Test("a value nested deeper than the recorder's depth cap is cut at the cap, without overflowing the worker's stack", arguments: [500, 5_000])
    func deepValue(depth: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deep.sstrace")
        let child = try ChildProcess.run(product: "recorder-crash-fixture", [path, "\(depth)", "deep"])
        #expect(child.status == 0, "stderr: \(child.stderr)")
        #expect(child.stdout.contains("at maximumDepth \(min(depth, RecorderConfiguration.maximumCaptureDepth))"))
        let records = try TraceReader(path: path).allRecords()
        #expect(records.compactMap(\.actionRecord).count == 1)
        var replay = StateReplay()
        for record in records { replay.apply(record) }
        let state = try #require(replay.stores["deep"]?.value)
        #expect(state.nestingDepth > 400)
        #expect(state.nestingDepth <= RecorderConfiguration.maximumCaptureDepth + 2)
    }
}

extension TraceValue {
    /// Levels from this node to its deepest leaf (a leaf is 1).
    var nestingDepth: Int {
        var deepest = 0
        var level: [TraceValue] = [self]
        while !level.isEmpty {
            deepest += 1
            level = level.flatMap(\.directChildren)
        }
        return deepest
    }

    /// The nodes one level below this one.
    var directChildren: [TraceValue] {
        switch self {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields): fields.map(\.value)
        case let .some(wrapped): [wrapped]
        case let .array(elements), let .set(elements): elements
        case let .dictionary(entries): entries.flatMap { [$0.key, $0.value] }
        default: []
        }
    }
}
