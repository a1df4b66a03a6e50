import StoreScope
import StoreScopeSamples
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// The session engine on real recorded sample sessions, checked against each store's own
/// journal of what it did.
@Suite("Session engine on sample traces")
struct SessionEngineTests {
    @Test("The engine's state after every action is the journal's state, asked in reverse order too", arguments: Samples.names)
    func stateAfterEverySeqMatchesTheJournal(name: String) async throws {
        let sample = try #require(Samples.named(name))
        let directory = try TemporaryDirectory()
        let path = directory.path("\(name).sstrace")
        let run = try await Samples.record(sample, to: path)
        let session = try TraceSession(path: path)
        var seqs: [UInt64] = []
        session.forEachAction { item in
            if case let .action(entry) = item { seqs.append(entry.seq) }
            return true
        }
        #expect(seqs.count == run.journal.count)
        for (seq, entry) in zip(seqs, run.journal).reversed() + zip(seqs, run.journal) {
            let answer = session.state(of: run.store, after: seq)
            #expect(answer.value == captureValue(entry.state), "state after #\(seq) \(captureValue(entry.action).shortDescription)")
        }
        #expect(session.seq(at: .end) == seqs.last)
    }
}
