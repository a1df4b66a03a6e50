import Dispatch
import Foundation
import StoreScope
import StoreScopeSamples
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// Each of the five samples, streaming to the real `storescope listen`, controlled with the real
/// `storescope control` through the opt-in its scenario makes in its own store's idiom: a jump
/// installs the recorded state after #N, and a re-sent action runs through the sample's reducer.
@Suite("The samples under control", .serialized, .tags(.process))
struct SampleControlTests {
    /// Runs `storescope control ARGS` off the cooperative pool (the sample's store answers on it).
    static func control(_ arguments: [String], socket: String) async throws -> ChildProcess.Outcome {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try ChildProcess.run(product: "storescope", ["control"] + arguments + ["--socket", socket]) })
            }
        }
    }

    @Test("jump to the middle of the session installs exactly the recorded state there (the app's own, redacted fields included), and resend #1 runs #1's action again", arguments: Samples.names)
    func jumpAndResend(_ name: String) async throws {
        let listened = try await ListenedSample.start(name)
        let (socket, recordings, run) = (listened.socket, listened.recordings, listened.run)
        defer { listened.listener.signal(SIGKILL) }
        let middle = UInt64(max(1, run.journal.count / 2))

        // The listener takes in what was flushed on its own thread: until then a jump is refused
        // with "no action #N yet", and sent once it has the action.
        var jump = try await Self.control(["jump", "#\(middle)"], socket: socket)
        for _ in 0..<100 where jump.stdout.contains("no action #\(middle) yet") {
            try await Task.sleep(for: .milliseconds(20))
            jump = try await Self.control(["jump", "#\(middle)"], socket: socket)
        }
        // The app keeps its recent states: it installs its own, even the login sample's, whose
        // password the trace redacted (decoding the recorded state could not install it).
        #expect(jump.status == 0 && jump.stdout.contains("jump #\(middle): done: the app's own state after #\(middle)"), "\(jump.stdout)\(jump.stderr)")
        let resend = try await Self.control(["resend", "#1"], socket: socket)
        #expect(resend.status == 0 && resend.stdout.contains("done"), "\(resend.stdout)\(resend.stderr)")
        try listened.finish()

        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: recordings).first { $0.hasSuffix(".sstrace") })
        let path = recordings + "/" + file
        let records = try TraceReader(path: path).allRecords()
        let session = try TraceSession(path: path)
        let recorded = try session.state(of: name, after: middle).result.get()
        // The keyframe after the jump's mark is the state the sample's store was given.
        let mark = try #require(records.firstIndex { if case let .log(log) = $0 { JumpMark.sourceSeq(of: log) == middle } else { false } })
        let installed = records[(mark + 1)...].lazy.compactMap { if case let .keyframe(keyframe) = $0, keyframe.store == name { keyframe.state } else { nil } }.first
        #expect(installed == recorded, "the installed state is the recorded state after #\(middle)")

        // The re-sent action is the first after the scenario's (its effects may send more),
        // the same value as #1, reduced again.
        let actions = records.compactMap { if case let .action(action) = $0, action.store == name { action } else { nil } }
        let first = try #require(actions.first { $0.seq == 1 })
        let resent = try #require(actions.first { $0.seq > UInt64(run.journal.count) })
        #expect(resent.action == first.action, "#\(resent.seq) is \(resent.action), #1 was \(first.action)")
        _ = try session.state(of: name, after: resent.seq).result.get()  // rebuilt without an error
    }
}
