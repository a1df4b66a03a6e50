import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing

@Suite("The states a store keeps for jumps")
struct KeptStatesTests {
    @Test("only the latest states within the count are kept, each found by its exact seq")
    func count() {
        var kept = KeptStates<String>(limit: 3, byteLimit: 1_000)
        for seq in 1...5 { kept.keep("after #\(seq)", after: UInt64(seq) * 10, bytes: 1) }
        #expect(kept.count == 3)
        #expect(kept.oldestSeq == 30)
        #expect((0...60).compactMap { kept.state(after: UInt64($0)) } == ["after #3", "after #4", "after #5"])
        #expect(kept.state(after: 35) == nil, "no guess between two kept seqs")
        #expect(kept.bytes == 3)
    }

    @Test("a state kept again for the same seq (a jump at the latest action) replaces it; an older seq is not kept")
    func sameSeq() {
        var kept = KeptStates<String>(limit: 3, byteLimit: 1_000)
        kept.keep("a", after: 1, bytes: 10)
        kept.keep("b", after: 2, bytes: 10)
        kept.keep("jumped", after: 2, bytes: 30)
        #expect(kept.count == 2)
        #expect(kept.state(after: 2) == "jumped")
        #expect(kept.bytes == 40)
        kept.keep("late", after: 1, bytes: 10)
        #expect(kept.state(after: 1) == "a", "seqs only grow: an older one changes nothing")
    }

    struct Counter: Codable, Sendable { var n = 0 }
    enum CounterAction: Codable, Sendable { case set(Int) }

    @Test("a store keeps states only while a listener is connected: not recording to a file alone, not while its socket has no listener")
    func onlyWhereCommandsArrive() throws {
        for sink in ["file", "socket without a listener", "socket with a listener"] {
            let directory = try TemporaryDirectory()
            let run = directory.path("run")
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let listener = sink == "socket with a listener" ? try RawListener(path: run + "/scope.sock") : nil
            var configuration = RecorderConfiguration(appName: "kept", diagnostics: { _ in })
            configuration.control.isEnabled = true
            let recorder = try Recorder(sink: sink == "file" ? .file(directory.path("app.sstrace")) : .socket(run + "/scope.sock"), mainStore: "main", configuration: configuration)
            let connection = try listener?.accept()
            defer { if let connection { close(connection) } }
            let recording = recorder.store("main", initialState: Counter(), actions: CounterAction.self)
            recording.allowControl(replaceState: { _ in }, dispatch: nil)
            var state = Counter()
            for n in 1...3 {
                recording.record(.set(n), reducing: &state) { state, action in
                    if case let .set(n) = action { state.n = n }
                }
            }
            recorder.flush()
            // The worker is idle once flushed: its kept states can be read.
            let kept = recording.inbox.track.keptStates
            #expect((kept?.count ?? 0) == (listener != nil ? 4 : 0), "\(sink)")
            if listener != nil { #expect(kept?.state(after: recording.lastSentSeq)?.n == 3) }
            recorder.close()
        }
    }

    @Test("the oldest states go once their bytes pass the budget; one larger than the whole budget is not kept")
    func bytes() {
        var kept = KeptStates<String>(limit: 100, byteLimit: 100)
        kept.keep("a", after: 1, bytes: 40)
        kept.keep("b", after: 2, bytes: 40)
        kept.keep("c", after: 3, bytes: 40)
        #expect(kept.oldestSeq == 2 && kept.bytes == 80)
        kept.keep("huge", after: 4, bytes: 101)
        #expect(kept.state(after: 4) == nil)
        #expect(kept.state(after: 3) == "c", "what was kept stays: it is still the state after its action")
        var none = KeptStates<String>(limit: 0, byteLimit: 100)
        none.keep("a", after: 1, bytes: 1)
        #expect(none.count == 0)
    }
}
