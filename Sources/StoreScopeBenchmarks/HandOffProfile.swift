import Foundation
import StoreScope

/// The store thread's instructions per recorded action, for callgrind (whose counts, unlike
/// times, do not move with the machine's load). `recorder-handoff-profile` sends 20,000
/// `isLoading` flips on 1,000 users in bursts of 100, waiting for the worker between bursts
/// (the "worker keeping up" row of `recorder-store`); each send goes through
/// ``sendRecorded(_:state:action:)``, which is never inlined so that callgrind can count it:
///
/// ```sh
/// valgrind --tool=callgrind --separate-threads=yes --toggle-collect='*sendRecorded*' \
///   .build/release/StoreScopeBenchmarks recorder-handoff-profile
/// ```
///
/// The main thread's instruction count divided by the 20,000 calls is the cost of
/// `willSend`, the reducer and `didReduce` per action. Its twin `recorder-handoff-floor-profile`
/// sends the same actions through the floor (``StoreThreadFloor``, a stand-in) in
/// ``sendFloor(_:state:action:)``: the same command with `--toggle-collect='*sendFloor*'`.
enum HandOffProfile {
    static let actions = 20_000

    static func runFloor() {
        var state = UsersFixture.state(users: 1_000)
        let floor = StoreThreadFloor<UsersFixture.State, UsersFixture.Action>()
        for step in 0..<actions {
            if step % 100 == 0 { floor.drain() }
            sendFloor(floor, state: &state, action: UsersFixture.Change.toggleLoading.action(step: step, count: 1_000))
        }
        floor.drain()
        floor.stop()
        print("sent \(actions) actions through sendFloor; dropped \(floor.dropped)")
    }

    @inline(never)
    static func sendFloor(
        _ floor: StoreThreadFloor<UsersFixture.State, UsersFixture.Action>, state: inout UsersFixture.State,
        action: UsersFixture.Action
    ) {
        floor.send(action, state: &state, UsersFixture.reduce)
    }

    static func run() {
        var state = UsersFixture.state(users: 1_000)
        let path = RecorderBenchmarks.temporaryPath("handoff")
        let recorder = try! Recorder(sink: .file(path))
        let recording = recorder.store("users", initialState: state, actions: UsersFixture.Action.self)
        recorder.flush()
        for step in 0..<actions {
            if step % 100 == 0 { RecorderBenchmarks.drain(recorder) }
            sendRecorded(recording, state: &state, action: UsersFixture.Change.toggleLoading.action(step: step, count: 1_000))
        }
        recorder.close()
        unlink(path)
        print("sent \(actions) actions through sendRecorded; recorded \(recorder.status.actionsRecorded), dropped \(recorder.status.actionsDropped)")
    }

    @inline(never)
    static func sendRecorded(
        _ recording: StoreRecorder<UsersFixture.State, UsersFixture.Action>, state: inout UsersFixture.State,
        action: UsersFixture.Action
    ) {
        let pending = recording.willSend(action)
        UsersFixture.reduce(&state, action)
        recording.didReduce(pending, state: state)
    }
}
