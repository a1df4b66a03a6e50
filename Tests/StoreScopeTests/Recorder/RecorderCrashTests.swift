import Foundation
import Testing
@testable import StoreScope
import TraceAnalysis

@Suite struct RecorderCrashTests {
    @Test func afterACrashEverythingRecordedBeforeTheLastFlushIntervalIsReadable() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("crash.sstrace")
        let process = Process()
        process.executableURL = try ProductLocator.url(of: "recorder-crash-fixture")
        process.arguments = [path, "200"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the child aborts without closing the recorder")
        #expect(printed.contains("recorded 200"))

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
