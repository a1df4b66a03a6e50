import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

@Suite struct RecorderCrashTests {
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
