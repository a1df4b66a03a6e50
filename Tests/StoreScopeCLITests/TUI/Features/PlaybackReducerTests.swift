import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// Playing's reducer on its own: `space` `+` `-` `*`, the loop's clock and the reader's steps
/// in, with the selection passed in, and out its state and the moves it asks of the viewer; no
/// trace, no reader, no clock of its own, no terminal.
@Suite("Playback reducer")
struct PlaybackReducerTests {
    typealias Update = FeatureUpdate<PlaybackAction.Delegate>
    static let ms: UInt64 = 1_000_000

    /// Action `seq`, recorded `ms` milliseconds after the session start.
    static func entry(_ seq: UInt64, at ms: UInt64) -> ActionEntry {
        ActionEntry(action: ActionRecord(seq: seq, store: "app", monotonicNanos: ms * Self.ms, wallNanos: 0, reducerNanos: 0, action: .enumeration(type: "A", caseName: "go", payload: [])), sinceStart: ms * Self.ms)
    }

    static func on(_ entry: ActionEntry?, following: Bool = false, waitsForScreen: Bool = false) -> PlaybackAction.Context {
        PlaybackAction.Context(selected: entry?.seq, entry: entry, following: following, waitsForScreen: waitsForScreen)
    }

    @Test("space plays from the selection, stopping following, and again pauses")
    func toggle() {
        var state = PlaybackState()
        #expect(PlaybackReducer.reduce(into: &state, .toggle, Self.on(nil)) == .none, "nothing selected: nothing to play")
        #expect(PlaybackReducer.reduce(into: &state, .toggle, Self.on(Self.entry(1, at: 0), following: true)) == .tell(.following(false), .move(.rewindAtEnd)))
        #expect(state.playing == Playback(wasFollowing: true))
        #expect(PlaybackReducer.reduce(into: &state, .toggle, Self.on(Self.entry(1, at: 0))) == .tell(.message("paused")))
        #expect(!state.isPlaying)
    }

    @Test("Each clock asks for the actions due since the anchor, at the recorded gaps times the speed; the answer sets when the next is due")
    func recordedPace() throws {
        var state = PlaybackState()
        let first = Self.entry(1, at: 1_000)
        _ = PlaybackReducer.reduce(into: &state, .toggle, Self.on(first))
        #expect(PlaybackReducer.reduce(into: &state, .changePace(faster: true), Self.on(first)) == .tell(.message("play speed 2x")))
        #expect(PlaybackReducer.reduce(into: &state, .clock(nanos: 5_000 * Self.ms), Self.on(first))
            == .tell(.move(.play(until: 1_000 * Self.ms, limit: Playback.actionsPerStep))), "the clock lined up with #1: nothing due yet")
        #expect(PlaybackReducer.reduce(into: &state, .clock(nanos: 5_100 * Self.ms), Self.on(first, waitsForScreen: true)) == .none, "the step's screen is still to come")
        #expect(state.playing?.anchor == .init(clock: 5_000 * Self.ms, recorded: 1_000 * Self.ms, seq: 1))
        _ = PlaybackReducer.reduce(into: &state, .played(.init(passed: 0, reached: nil, next: 1_400 * Self.ms)), Self.on(first))
        #expect(state.playing?.nextDue == 5_200 * Self.ms, "#2 is due 400 ms later at 2x: 200 ms")
        #expect(Playback.timeout(for: state, now: 5_050 * Self.ms, poll: 1_000) == 150)

        let second = Self.entry(2, at: 1_400)
        #expect(PlaybackReducer.reduce(into: &state, .clock(nanos: 5_200 * Self.ms), Self.on(first))
            == .tell(.move(.play(until: 1_400 * Self.ms, limit: Playback.actionsPerStep))))
        #expect(PlaybackReducer.reduce(into: &state, .played(.init(passed: 1, reached: second, next: nil)), Self.on(second)) == .tell(.message("played to the last action")))
        #expect(!state.isPlaying)
    }

    @Test("* plays at a fixed rate per action; + and - change it; the clock's step passes the actions due at that rate")
    func fixedRate() {
        var state = PlaybackState()
        let first = Self.entry(1, at: 0)
        #expect(PlaybackReducer.reduce(into: &state, .toggleRate, Self.on(first)) == .tell(.message("play at a fixed rate: 5/s (+ - change it, * back to the recorded pace)")))
        #expect(PlaybackReducer.reduce(into: &state, .changePace(faster: true), Self.on(first)) == .tell(.message("play rate 10/s (one action every 100ms)")))
        _ = PlaybackReducer.reduce(into: &state, .toggle, Self.on(first))
        #expect(PlaybackReducer.reduce(into: &state, .clock(nanos: 1_000 * Self.ms), Self.on(first)) == .none, "none due at the anchor")
        #expect(state.playing?.nextDue == 1_100 * Self.ms)
        #expect(PlaybackReducer.reduce(into: &state, .clock(nanos: 1_350 * Self.ms), Self.on(first)) == .tell(.move(.play(until: .max, limit: 3))))
        _ = PlaybackReducer.reduce(into: &state, .played(.init(passed: 3, reached: Self.entry(4, at: 9), next: 10 * Self.ms)), Self.on(first))
        #expect(state.playing?.anchor == .init(clock: 1_300 * Self.ms, recorded: 9 * Self.ms, seq: 4))
        #expect(state.playing?.nextDue == 1_400 * Self.ms)
        #expect(PlaybackReducer.reduce(into: &state, .toggleRate, Self.on(first)) == .tell(.message("play at the recorded pace, 1x")))
        #expect(state.playing?.anchor == nil, "the clock lines up again at the next step")
    }

    @Test("Playing to the end follows again when it followed; an unreadable selection stops it")
    func ends() {
        var state = PlaybackState()
        let first = Self.entry(1, at: 0)
        _ = PlaybackReducer.reduce(into: &state, .toggle, Self.on(first, following: true))
        _ = PlaybackReducer.reduce(into: &state, .clock(nanos: 0), Self.on(first))
        #expect(PlaybackReducer.reduce(into: &state, .played(.init(passed: 0, reached: nil, next: nil)), Self.on(first))
            == .tell(.following(true), .move(.opening(following: true)), .message("played to the last action: following")))
        _ = PlaybackReducer.reduce(into: &state, .toggle, Self.on(first))
        #expect(PlaybackReducer.reduce(into: &state, .clock(nanos: 0), PlaybackAction.Context(selected: 7, entry: nil, following: false, waitsForScreen: false))
            == .tell(.message("cannot play from here: the selected action is unreadable")))
        #expect(!state.isPlaying)
    }

    @Test("The status line names the mode: playing at its pace, following, paused with a pace other than the recorded one")
    func status() {
        var state = PlaybackState()
        #expect(ViewerRender.playStatus(state, following: false) == "paused")
        #expect(ViewerRender.playStatus(state, following: true) == "following")
        _ = PlaybackReducer.reduce(into: &state, .changePace(faster: true), Self.on(nil))
        #expect(ViewerRender.playStatus(state, following: false) == "paused (2x)")
        _ = PlaybackReducer.reduce(into: &state, .toggle, Self.on(Self.entry(1, at: 0)))
        #expect(ViewerRender.playStatus(state, following: true) == "playing 2x")
    }
}
