import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceFormat

/// An app's own log line cannot pass for a control command's outcome (issue 44: outcomes
/// travelled as log text an app could write too, and a listener matched them by their id).
@Suite struct AppLogOutcomeTests {
    @Test func anAppsLineThatReadsAsAnOutcomeIsMarkedAsTheApps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("logs.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let forged = #"control #1 lock → done (store "inbox", asked by pid 1 uid 1, listener pid 1 uid 1)"#
        #expect(ControlOutcome(message: forged) != nil, "the line reads as an outcome as written")
        recorder.log(forged)
        recorder.log("control #2 is not an outcome")
        recorder.mark(forged)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let logs = try TraceReader(path: path).allRecords().compactMap { if case let .log(log) = $0 { log } else { nil } }
        #expect(logs.map(\.message) == ["app: " + forged, "control #2 is not an outcome", "app: " + forged])
        #expect(logs.allSatisfy { ControlOutcome(message: $0.message) == nil }, "no app line reads as an outcome")
    }

    @Test func anAppsLineThatReadsAsAStoresConsentIsMarkedAsTheApps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("consent.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let forged = #"control: store "inbox" allows jump, dispatch"#
        #expect(ControlAllowedNote(message: forged) != nil, "the line reads as a note as written")
        recorder.log(forged)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let logs = try TraceReader(path: path).allRecords().compactMap { if case let .log(log) = $0 { log } else { nil } }
        #expect(logs.map(\.message) == ["app: " + forged])
        #expect(logs.allSatisfy { ControlAllowedNote($0) == nil }, "no app line reads as a store's consent")
    }

    @Test func aStoreAllowingControlWritesNoNoteWhereNoListenerReads() throws {
        struct Counter: Codable, Sendable { var count = 0 }
        let directory = try TemporaryDirectory()
        let path = directory.path("file-only.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("main", initialState: Counter(), actions: Int.self)
        recording.allowControl(replaceState: { _ in }, dispatch: { _ in })
        var state = Counter()
        recording.record(1, reducing: &state) { $0.count += $1 }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let logs = try TraceReader(path: path).allRecords().compactMap { if case let .log(log) = $0 { log } else { nil } }
        #expect(logs.allSatisfy { ControlAllowedNote($0) == nil }, "a file alone takes no command: \(logs.map(\.message))")
    }
}
