import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// A store's keyframes are spaced by the trace, not only by its own actions
/// (``RecorderConfiguration/keyframeEveryTraceBytes``), so a reader rebuilding a store that gets
/// few of the session's actions never reads far back.
@Suite struct RecorderKeyframeSpacingTests {
    struct Settings: Equatable, Sendable {
        var fontSize = 12
    }

    /// The uncompressed bytes between consecutive chunks holding a keyframe of `store`, from the
    /// first chunk to the last (what rebuilding the store at the worst point reads).
    func keyframeSpacing(of store: String, in path: String) throws -> [Int] {
        let reader = try TraceReader(path: path)
        var spacing: [Int] = [], since = 0
        for chunk in reader.chunks {
            let holdsKeyframe = try reader.records(in: chunk).contains {
                if case let .keyframe(keyframe) = $0 { keyframe.store == store } else { false }
            }
            if holdsKeyframe {
                spacing.append(since)
                since = 0
            }
            since += Int(chunk.header.rawLength)
        }
        spacing.append(since)
        return spacing
    }

    @Test("a store that gets few of the session's actions is keyframed again every so many bytes of the trace, with its latest state")
    func aQuietStoreIsKeyframedByTheTrace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sstrace")
        let recorder = try Recorder(
            sink: .file(path),
            configuration: .init(chunking: .init(chunkSize: 16 * 1024), keyframeEveryTraceBytes: 128 * 1024, diagnostics: { _ in }))
        var feed = ListState(), settings = Settings()
        let feedRecording = recorder.store("feed", initialState: feed, actions: ListAction.self)
        let settingsRecording = recorder.store("settings", initialState: settings, actions: Int.self)
        var settingsAfter: [(seq: UInt64, state: Settings)] = []
        for step in 1...20_000 {
            if step % 5_000 == 1 {
                let seq = settingsRecording.record(10 + step / 5_000, reducing: &settings) { $0.fontSize = $1 }
                settingsAfter.append((seq, settings))
            }
            feedRecording.record(.setFilter("filter number \(step)"), reducing: &feed) { reduceList(&$0, $1) }
            // Batches of at most 500 actions, so each keyframe comes within a batch of its due point.
            if step % 500 == 0 { #expect(recorder.flush(timeout: .seconds(60))) }
        }
        #expect(recorder.close(timeout: .seconds(60)))

        let spacing = try keyframeSpacing(of: "settings", in: path)
        #expect(spacing.count > 8, "settings was keyframed only \(spacing.count - 1) times")
        // 128 KiB, plus what one batch of 500 actions adds and a chunk.
        #expect(spacing.max()! <= 256 * 1024, "\(spacing)")
        // Each of those keyframes is the state after settings' latest action at that point, so
        // the engine answers every point with what the store had; and none of them is shown as
        // something the feed's action it follows did.
        let session = try TraceSession(path: path)
        var feedEntries = 0
        session.forEachAction { item in
            guard case let .action(entry) = item else { return true }
            feedEntries += 1
            // The last action is followed by the session's end, the only event of the session.
            let events = entry.events.filter { if case .sessionEnded = $0 { false } else { true } }
            #expect(events.isEmpty, "#\(entry.seq) has \(events)")
            return true
        }
        #expect(feedEntries == 20_004)
        let last = feedRecording.lastSentSeq
        for seq in stride(from: UInt64(1), through: last, by: 997) {
            guard let expected = settingsAfter.last(where: { $0.seq <= seq })?.state else { continue }
            #expect(session.state(of: "settings", after: seq).value == captureValue(expected), "settings after #\(seq)")
        }
    }

    @Test("after dropped actions, a quiet store gets no keyframe of its older state: it stays unknown until its next action")
    func noKeyframeOfAnOlderStateAfterDrops() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sstrace")
        let gate = GatedOutput(file: try TraceFile.create(path))
        let recorder = try Recorder(
            sink: RecordingSink { gate },
            configuration: .init(
                chunking: .init(chunkSize: 4 * 1024), maximumPendingBytes: 16 * 1024, keyframeEveryTraceBytes: 64 * 1024,
                diagnostics: { _ in }))
        var feed = ListState(), settings = Settings()
        let feedRecording = recorder.store("feed", initialState: feed, actions: ListAction.self)
        let settingsRecording = recorder.store("settings", initialState: settings, actions: Int.self)
        settingsRecording.record(14, reducing: &settings) { $0.fontSize = $1 }
        // The worker blocks in its first chunk write; the queue fills and then drops.
        for step in 1...2_000 { feedRecording.record(.setFilter("held \(step)"), reducing: &feed) { reduceList(&$0, $1) } }
        #expect(recorder.status.actionsDropped > 0)
        gate.open()
        // Far more than the spacing after the drop, while settings sends nothing; in steps the
        // budget holds, so nothing more is dropped.
        for step in 1...3_000 {
            feedRecording.record(.setFilter("after the drop, filter number \(step)"), reducing: &feed) { reduceList(&$0, $1) }
            if step % 20 == 0 { #expect(recorder.flush(timeout: .seconds(60))) }
        }
        let quietUntil = feedRecording.lastSentSeq
        settingsRecording.record(16, reducing: &settings) { $0.fontSize = $1 }
        #expect(recorder.close(timeout: .seconds(60)))
        // The drops ended long before the quiet stretch did (the run of drops goes on until the
        // backlog halves, a few actions past the gate).
        let lastDropped = try readTrace(path).compactMap(\.droppedRecord).map(\.lastSeq).max() ?? 0
        #expect(lastDropped + 2_000 < quietUntil)

        let records = try readTrace(path)
        let drop = try #require(records.firstIndex { $0.droppedRecord != nil })
        let nextSettingsAction = try #require(records[drop...].firstIndex {
            if case let .action(action) = $0 { action.store == "settings" } else { false }
        })
        let keyframesBetween = records[drop..<nextSettingsAction].filter {
            if case let .keyframe(keyframe) = $0 { keyframe.store == "settings" } else { false }
        }
        #expect(keyframesBetween.isEmpty)
        let session = try TraceSession(path: path)
        #expect(session.state(of: "settings", after: quietUntil).value == nil)
        #expect(session.state(of: "settings", after: quietUntil + 1).value == captureValue(settings))
    }
}
