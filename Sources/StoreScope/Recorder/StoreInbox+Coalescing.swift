import Foundation
import TraceFormat

/// Coalescing states (``StateCoalescing``): the store's send lets go of the previous action's
/// state while the worker has not taken it, so the reducer changes its collections in place;
/// the worker takes a state only when its copy can be made before the store's next send.
///
/// The latest action's state is in one of three places: the lane app threads append to
/// (the worker has not taken the lane), the ``StoreInbox/parked`` slot (the worker took the
/// lane and moved it there at once, ``parkLatestState(lane:)``), or the worker's hands (it
/// claimed it, ``claimParkedState(of:sentAt:in:)``, and gives it storage of its own right away). The
/// first two can be let go by the store's next send; the third is the one moment a send still
/// copies, and the worker claims only when its copy ends before a send at UI pace can come.
extension StoreInbox {
    /// How long a parked state at UI pace may wait for the store's next send before the worker
    /// claims it anyway (three 60 Hz frames): the store has gone quiet.
    static var quietNanos: UInt64 { 50_000_000 }

    /// Notes when the store sent its new action (app thread, before the reducer runs; `sentAt`:
    /// the new action's ticks, `gap`: ``StateCoalescing/uiPaceGapNanos`` in ticks, both of the
    /// recorder's ``TickSource``, calibrated before the first send) and returns the store's
    /// latest action, whose state the send is to let go (``letStateGo(of:queue:)``), if the
    /// worker has not taken it and the store's recent changes touched collections worth copying.
    ///
    /// Apart from ``letStateGo(of:queue:)`` so that the usual send, which lets nothing go, does
    /// not pass the queue: passed, it was retained and released around the call on every send.
    @inlinable
    func stateToLetGo(sentAt now: UInt64, gap: UInt64, always: Bool) -> UInt64? {
        let previousSend = lastSentTicks.load(ordering: .relaxed)
        lastSentTicks.store(now, ordering: .relaxed)
        let paced = now &- previousSend >= gap
        if latestSentAtUIPace.load(ordering: .relaxed) != paced { latestSentAtUIPace.store(paced, ordering: .relaxed) }
        guard always || paced else { return nil }
        let latest = latestSeq.load(ordering: .relaxed)
        guard latest != 0, securedSeq.load(ordering: .acquiring) != latest,
            track.copyEstimate.load(ordering: .relaxed) >= StateCoalescing.minimumBytes
        else { return nil }
        return latest
    }

    /// Lets go of the state of action `seq`, in the lane app threads append to or parked.
    /// Inlinable, so that it is compiled for the app's State and Action: generic, it looked up
    /// their metadata several times per call (4,000 instructions, callgrind).
    @inlinable
    func letStateGo(of seq: UInt64, queue: RecordingQueue) {
        // Released once the locks are given back: the state may hold the last reference to
        // storage the store no longer shares.
        var letGo: State?
        let lane = queue.gate.enter()
        letGo = lane == 0 ? Self.takeState(of: seq, from: &arriving0) : Self.takeState(of: seq, from: &arriving1)
        queue.gate.leave(lane)
        if letGo == nil {
            letGo = parked.withLock { slot in
                guard let parked = slot, parked.seq == seq else { return nil }
                slot = nil
                return parked.state
            }
        }
        _ = consume letGo
    }

    /// Takes the state of action `seq` if it is the last of `lane`.
    @inlinable
    static func takeState(of seq: UInt64, from lane: inout [QueuedAction<State, Action>]) -> State? {
        let last = lane.count - 1
        guard last >= 0, lane[last].pending.seq == seq else { return nil }
        return lane[last].state.take()
    }

    /// Worker, right after taking `lane`: parks the state of the store's latest action if the
    /// lane holds it.
    @usableFromInline
    func parkLatestState(lane: Int) {
        let latest = latestSeq.load(ordering: .relaxed)
        if lane == 0 { park(latest, from: &arriving0) } else { park(latest, from: &arriving1) }
    }

    private func park(_ seq: UInt64, from lane: inout [QueuedAction<State, Action>]) {
        guard let last = lane.indices.last, lane[last].pending.seq == seq, let state = lane[last].state.take() else { return }
        lane[last].stateParked = true
        parked.withLock { $0 = (seq, state) }
    }

    /// What the worker found in the parked slot.
    private enum Claim {
        case letGo
        case wait
        case claimed(State)
    }

    /// Worker: the parked state of action `seq` (sent at `sent`, in nanoseconds converted from
    /// its ticks), or `nil` when the store let it go. Waits while a copy made now could still
    /// be under way when the store's next action comes at UI pace: a state that is old for its
    /// pace waits for that send (which lets it go) or for the store to go quiet. Once claimed,
    /// the state gets storage of its own for the collections the store changes, before anything
    /// else.
    @usableFromInline
    func claimParkedState(of seq: UInt64, sentAt sent: UInt64, in worker: RecorderWorker) -> State? {
        let gap = StateCoalescing.uiPaceGapNanos
        let paced = sent &- track.lastActionNanos >= gap
        let burstsKeepStates = worker.configuration.stateCoalescing == .atUIPace
        let copyNanos = 2 &* track.unshareNanos
        while true {
            let claim = parked.withLock { slot -> Claim in
                guard let parked = slot, parked.seq == seq else { return .letGo }
                let age = Clock.monotonicNanos() &- sent
                // A later action's reducer has run (the store kept this state, and copied);
                // in a burst the store keeps every state anyway; at pace, the copy ends before
                // the next send; in a burst, the store has paused; or it has gone quiet.
                let claimable = latestSeq.load(ordering: .relaxed) != seq || (burstsKeepStates && !paced)
                    || (paced ? age &+ copyNanos < gap : age >= gap) || age >= Self.quietNanos
                guard claimable else { return .wait }
                slot = nil
                return .claimed(parked.state)
            }
            switch claim {
            case .letGo:
                return nil
            case var .claimed(state):
                if latestSeq.load(ordering: .relaxed) == seq { track.unshareClaimed(&state, seq: seq, in: worker) }
                return state
            case .wait:
                Thread.sleep(forTimeInterval: 0.000_1)
            }
        }
    }

    /// Worker, after recording action `seq`: publishes that the store's live state no longer
    /// shares storage with the worker's, if so.
    @usableFromInline
    func noteRecorded(_ seq: UInt64) {
        if track.unsharedSeq == seq, latestSeq.load(ordering: .relaxed) == seq {
            securedSeq.store(seq, ordering: .releasing)
        }
    }
}
