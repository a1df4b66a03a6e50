import Testing
import TraceAnalysis

@testable import StoreScopeCLI

/// What the reducer asks of the world (``ViewerEffect``), asserted in-process: the reducer
/// copies nothing, sends nothing and starts no thread; it returns the effects, which the
/// runner performs (the terminal's part of a copy is `ViewerCopyPathTerminalTests`').
@Suite("The viewer's effects")
struct ViewerEffectTests {
    @Test("y asks for the path under the cursor to be copied: the tree's node, the diff's first changed path from the timeline, the path in the action tree; again is a new copy")
    func copyAsksForTheClipboard() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character(":"))
        viewer.type("4")
        viewer.press(.enter)
        // #4 loaded the users: the tree opens on .users[0]; two rows down is its name.
        viewer.press(.character("s"), .tab, .character("j"), .character("j"), .character("y"))
        #expect(viewer.effects == [.copy(".users[0].name")])
        #expect(viewer.state.message == "copied .users[0].name")
        #expect(viewer.screen.hasSuffix("\ncopied .users[0].name"), "on the bottom line: \(viewer.screen)")
        viewer.press(.character("y"))
        #expect(viewer.effects == [.copy(".users[0].name")], "the same path copied again is copied again")

        viewer.press(.character("d"), .tab, .character("y"))
        #expect(viewer.effects == [.copy(".users[0]")])

        // .loaded's payload has no label: its position, [0], then the array's element [0].
        viewer.press(.character("a"), .tab, .character("j"), .character("j"), .character("j"), .character("y"))
        #expect(viewer.effects == [.copy("[0][0].id")])
        #expect(viewer.state.message == "copied [0][0].id (in the action)")
        let copies = viewer.performed.filter { if case .copy = $0 { true } else { false } }
        #expect(copies.count == 4)
    }

    @Test("The control keys on a trace file ask nothing of the runner and say they need a live app")
    func controlKeysOnAFile() throws {
        var viewer = try ViewerHarness(fixture: "users")
        for key in "JRXxPK" {
            viewer.press(.character(key))
            #expect(viewer.effects == [], "\(key)")
            #expect(viewer.state.message == "J R X x D P K act on a live app: open its session with storescope view --listen")
        }
    }

    @Test("Every detail is asked of the reader, a small state's too; a read for an action the keys moved past is dropped, before or after the one waited for, which is shown")
    func staleDetailReadsAreDropped() throws {
        let reader = ScriptedReader()
        var viewer = try ViewerHarness(fixture: "users", reader: reader)
        #expect(reader.details.map(\.entry.seq) == [1], "the first screen's detail")
        viewer.press(.character("j"))
        let two = try #require(reader.details.last)
        #expect(viewer.effects.last == .read(.detail(two)) && two.entry.seq == 2, "the screen's answer asks for it")
        #expect(viewer.state.detail?.isLoading == true)
        #expect(viewer.screen.contains("reading the state…"))
        viewer.press(.character("j"))
        let three = try #require(reader.details.last)
        #expect(viewer.effects.last == .read(.detail(three)) && three.entry.seq == 3)

        let known = ViewerState.UnknownText(text: "read by the test")
        func answer(_ request: BackgroundReader.DetailRequest) -> BackgroundReader.Read {
            .detail(.init(request: request, detail: .init(entry: request.entry, diff: .failure(known), state: .failure(known))))
        }
        // #2's answer, which the keys moved past, before #3's: dropped.
        reader.answer(answer(two))
        viewer.takeAnswers()
        #expect(viewer.state.detail?.isLoading == true && viewer.state.detail?.entry.seq == 3)
        reader.answer(answer(three))
        viewer.takeAnswers()
        #expect(viewer.state.selected == 3)
        #expect(viewer.state.detail == .init(entry: three.entry, diff: .failure(known), state: .failure(known)))
        #expect(viewer.screen.contains("read by the test") && !viewer.screen.contains("reading the state…"), "\(viewer.screen)")
        // And after it: still dropped.
        reader.answer(answer(two))
        viewer.takeAnswers()
        #expect(viewer.state.detail?.entry.seq == 3)
        #expect(viewer.effects == [], "a detail shown asks for nothing more")
    }

    @Test("The runner starts reads before the frame is drawn and sends copies and requests after it, each kind in the order asked; the app's replies come back as notices")
    func runnerOrder() throws {
        let reader = ScriptedReader()
        let control = RecordedControl()
        let runner = ViewerEffectRunner(reader: reader, copy: { control.events.append("copy \($0)") }, control: control)
        let viewer = try ViewerHarness(fixture: "users", reader: ScriptedReader())
        let request = BackgroundReader.DetailRequest(trace: viewer.reducer.backgroundTrace, entry: try #require(viewer.state.detail?.entry))
        runner.run([.copy(".a"), .read(.detail(request)), .control(ControlRequest(command: "pause")), .copy(".b")]) {
            control.events.append("draw after \(reader.asked.count) read")
        }
        #expect(control.events == ["draw after 1 read", "copy .a", "control pause", "copy .b"])
        #expect(reader.asked == [.detail(request)])
        control.replies = ["pause: done"]
        #expect(runner.takeAnswers() == [.notice("pause: done")])
        #expect(runner.takeAnswers() == [])
    }
}

/// A control link that sends nothing: it notes what was sent, and replies what the test says.
private final class RecordedControl: ViewerControl {
    var events: [String] = []
    var replies: [String] = []

    func send(_ request: ControlRequest) { events.append("control \(request.command)") }

    func takeReplies() -> [String] {
        defer { replies = [] }
        return replies
    }
}
