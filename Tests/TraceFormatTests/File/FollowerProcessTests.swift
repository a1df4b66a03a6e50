import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

@Suite(.tags(.process)) struct FollowerProcessTests {
    @Test func aFollowerSeesRecordsInOrderWhileAnotherProcessIsStillWriting() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.sstrace")
        let count = 40
        let process = Process()
        process.executableURL = try ProductLocator.url(of: "trace-fixture-writer")
        process.arguments = ["live", path, String(count), "15"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { ChildProcess.stop(process) }

        let deadline = Date().addingTimeInterval(30)
        var follower: TraceFollower?
        while follower == nil && Date() < deadline {
            follower = try? TraceFollower(path: path)
            if follower == nil { Thread.sleep(forTimeInterval: 0.005) }
        }
        let live = try #require(follower)
        var records: [Record] = []
        var gaps: [TraceGap] = []
        var recordsSeenWhileWriterRan = 0
        while !live.isFinished && Date() < deadline {
            let update = try live.poll()
            records += update.records
            gaps += update.gaps
            if process.isRunning { recordsSeenWhileWriterRan = records.count }
            Thread.sleep(forTimeInterval: 0.005)
        }
        // Past the deadline a hung writer is killed rather than waited for.
        ChildProcess.stop(process)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(live.isFinished)
        #expect(gaps.isEmpty)
        #expect(records == (1...UInt64(count)).map(TraceFixture.liveRecord))
        #expect(recordsSeenWhileWriterRan > 0)
        #expect(try live.poll().records.isEmpty)
    }

    @Test func theFixtureWriterRejectsBadArgumentsWithUsageStatus() throws {
        let run = try ChildProcess.run(product: "trace-fixture-writer", ["nonsense"])
        #expect(run.status == 64)
    }
}
