import Foundation
import StoreScope
import StoreScopeSamples
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// A sample's scenario recorded to a real trace file and read back.
struct SampleTrace {
    let run: SampleRun
    let records: [Record]

    /// Runs the sample named `name` into a trace file in a fresh temporary directory, closes
    /// the recorder, and reads every record back with ``TraceReader``.
    static func record(_ name: String) async throws -> SampleTrace {
        let sample = try #require(Samples.named(name))
        let directory = try TemporaryDirectory()
        let path = directory.path("\(name).sstrace")
        let run = try await Samples.record(sample, to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer, "the recorder closed the file cleanly")
        #expect(reader.gaps.isEmpty)
        return SampleTrace(run: run, records: reader.allRecords())
    }

    /// The action records, in file order.
    var actions: [ActionRecord] {
        records.compactMap { if case let .action(action) = $0 { action } else { nil } }
    }

    /// The effect-started records, by effect id.
    var started: [EffectStarted] {
        records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }.sorted { $0.effectID < $1.effectID }
    }

    /// The outcomes recorded for effect `id`.
    func outcomes(of id: UInt64) -> [EffectOutcome] {
        records.compactMap { if case let .effectEnded(ended) = $0, ended.effectID == id { ended.outcome } else { nil } }
    }

    /// The action sequence numbers effect `id` emitted, from its `effectEmitted` records.
    func emitted(by id: UInt64) -> [UInt64] {
        records.compactMap { if case let .effectEmitted(emitted) = $0, emitted.effectID == id { emitted.actionSeq } else { nil } }
    }
}
