import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

protocol ScreenState: Sendable {
    var lines: [String] { get set }
}

struct LogScreen: ScreenState, Equatable {
    var lines: [String] = []
    var title = "log"
}

@Suite struct StorageUnsharingTests {
    @Test("a store whose State is an existential records collection changes at UI pace without crashing")
    func existentialStateAtUIPace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sstrace")
        let recorder = try Recorder(sink: .file(path))
        var state: any ScreenState = LogScreen()
        let recording = recorder.store("screen", initialState: state, actions: String.self)
        for step in 0..<20 {
            recording.record("line \(step)", reducing: &state) { $0.lines.append($1) }
            // Far enough apart that the worker unshares changed collections after each.
            Thread.sleep(forTimeInterval: 0.002)
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        var replay = StateReplay()
        for record in try readTrace(path) { replay.apply(record) }
        #expect(replay.stores["screen"]?.value == captureValue(state))
    }

    @Test("a store whose State is Any records collection changes at UI pace without crashing")
    func anyStateAtUIPace() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(sink: .file(directory.path("t.sstrace")))
        var state: [Int] = []
        let recording = recorder.store("any", initialState: state as any Sendable, actions: Int.self)
        var boxed: any Sendable = state
        for step in 0..<20 {
            recording.record(step, reducing: &boxed) { box, step in
                var array = box as! [Int]
                array.append(step)
                box = array
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
        state = boxed as! [Int]
        #expect(state.count == 20)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.actionsRecorded == 20)
    }

    @Test("the buffers of a struct's collections are measured; an existential is not walked")
    func measuring() {
        var screen = LogScreen(lines: ["a", "b", "c"])
        let expected = screen.lines.capacity * MemoryLayout<String>.stride
        #expect(StorageUnsharing.bufferBytes(of: &screen, fields: nil) == expected)
        #expect(StorageUnsharing.bufferBytes(of: &screen, fields: ["title"]) == 0)
        var existential: any ScreenState = screen
        #expect(bufferBytes(as: (any ScreenState).self, of: &existential) == nil)
    }

    /// Measures `value` as a `State` of exactly `type` (an existential stays unopened).
    private func bufferBytes<State>(as type: State.Type, of value: inout State) -> Int? {
        StorageUnsharing.bufferBytes(of: &value, fields: nil)
    }
}
