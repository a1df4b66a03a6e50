import Dispatch
import Foundation
import StoreScope
import StoreScopeSamples
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// Every action of the five samples, as the viewer prints it (`SearchAction.search(query:
/// "sw")`), read back by the literal reader `D` and `storescope control dispatch` use, and
/// dispatched through the real `storescope listen` to the sample's own store.
@Suite("The samples' actions as typed actions", .serialized, .tags(.process))
struct SampleDispatchTests {
    @Test("every action a sample recorded, printed as the viewer prints it, reads back as the same tree (a redacted one is refused saying so)", arguments: Samples.names)
    func printedActionsReadBack(_ name: String) async throws {
        let trace = try await SampleTrace.record(name)
        #expect(!trace.actions.isEmpty)
        for action in trace.actions {
            let printed = action.action.qualifiedDescription
            if printed.contains("<redacted ") {
                let refusal = #expect(throws: ValueLiteralError.self) { try ValueLiteral.parse(printed) }
                #expect(refusal?.message == "the trace holds no value here (redacted): type the value itself", "\(printed)")
            } else {
                #expect(try ValueLiteral.parse(printed) == action.action.literalForm, "#\(action.seq) \(printed)")
            }
        }
    }

    @Test("every action a sample recorded, dispatched as the viewer prints it through the real listener, is decoded by the sample's store into the same action", arguments: Samples.names)
    func printedActionsDispatch(_ name: String) async throws {
        let listened = try await ListenedSample.start(name)
        defer { listened.listener.signal(SIGKILL) }
        let (socket, recordings, run) = (listened.socket, listened.recordings, listened.run)
        let scenario = try await Self.actions(in: recordings, store: name) { $0.count >= run.journal.count }
        let typeable = scenario.filter { !$0.action.qualifiedDescription.contains("<redacted ") }

        for action in typeable {
            let printed = action.action.qualifiedDescription
            let sent = try await SampleControlTests.control(["dispatch", printed], socket: socket)
            #expect(sent.status == 0 && sent.stdout.contains("dispatch: done"), "\(printed): \(sent.stdout)\(sent.stderr)")
        }
        try listened.finish()

        // The dispatched actions, recorded as the store reduced them (those their effects sent
        // have an effect id), are the recorded ones, to the bit.
        let last = scenario.last?.seq ?? 0
        let dispatched = try await Self.actions(in: recordings, store: name) { _ in true }.filter { $0.seq > last && $0.effectID == nil }
        #expect(dispatched.map(\.action) == typeable.map(\.action))
    }

    /// The store's actions in the listener's recording, once `ready` holds for them.
    static func actions(in recordings: String, store: String, until ready: ([ActionRecord]) -> Bool) async throws -> [ActionRecord] {
        for _ in 0..<500 {
            if let file = try FileManager.default.contentsOfDirectory(atPath: recordings).first(where: { $0.hasSuffix(".sstrace") }) {
                let actions = try TraceReader(path: recordings + "/" + file).allRecords().compactMap { record -> ActionRecord? in
                    if case let .action(action) = record, action.store == store { action } else { nil }
                }
                if ready(actions) { return actions }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the listener never recorded the scenario")
        return []
    }
}
