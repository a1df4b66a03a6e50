/// The queue's two arrays of events. App threads append to one lane while the worker owns
/// the other (see ``RecordingQueue``), so no lock guards them.
@usableFromInline
final class EventLanes: @unchecked Sendable {
    // @unchecked: lane `n` is touched by an app thread only while inside the queue's gate
    // with `n` current, and by the worker only after its flip made the other lane current
    // (``LaneGate``).
    @exclusivity(unchecked) var lane0: [RecorderEvent] = []
    @exclusivity(unchecked) var lane1: [RecorderEvent] = []

    @usableFromInline init() {}

    func append(_ event: RecorderEvent, to lane: Int) {
        if lane == 0 { lane0.append(event) } else { lane1.append(event) }
    }

    /// Appends an action's token: the store thread's one append per send, the event built in
    /// the append itself.
    @usableFromInline
    func appendAction(_ token: ActionToken, to lane: Int) {
        if lane == 0 { lane0.append(.action(token)) } else { lane1.append(.action(token)) }
    }

    func swap(_ lane: Int, with other: inout [RecorderEvent]) {
        if lane == 0 { Swift.swap(&lane0, &other) } else { Swift.swap(&lane1, &other) }
    }

    /// Events held in both lanes (for tests, with no app thread sending).
    var count: Int { lane0.count + lane1.count }
}
