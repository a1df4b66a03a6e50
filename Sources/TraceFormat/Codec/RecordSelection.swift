/// Which records a selective chunk read (``TraceReader/records(in:keeping:)``) builds.
///
/// The records it does not keep are still parsed and checked exactly as a full read checks
/// them (tags, lengths, string indices, nesting depth, the chunk's item budget), so a damaged
/// chunk is refused in the same way; they are only never built: no value tree, no string,
/// no array is allocated for them. State reconstruction of one store reads every chunk
/// since the store's keyframe, and in a trace of several stores most of those bytes are
/// other stores' actions and patches.
package struct RecordSelection: Sendable, Hashable {
    /// The store whose patches and keyframes are kept; `nil`: no patch or keyframe is kept.
    package var store: String?

    /// What reconstructing the state of `store` reads: its patches, keyframes and states not
    /// recorded, and every
    /// `dropped` record (a drop has no store: it makes every store's state unknown).
    ///
    /// - Parameter store: the store's name.
    /// - Returns: the selection.
    package static func state(of store: String) -> RecordSelection {
        RecordSelection(store: store)
    }

    /// Every record but patches and keyframes: what effect lifetimes, logs and the list of
    /// actions read, without the states, which are most of a trace's bytes when states are
    /// large.
    package static let allButStates = RecordSelection(store: nil)

    /// Whether this selection keeps `record`: what a selective read of its chunk builds.
    ///
    /// - Parameter record: a record of any kind.
    /// - Returns: whether a selective read keeps it.
    package func keeps(_ record: Record) -> Bool {
        switch record {
        case let .patch(patch): patch.store == store
        case let .keyframe(keyframe): keyframe.store == store
        case let .stateNotRecorded(notRecorded): notRecorded.store == store
        case .dropped: true
        default: store == nil
        }
    }

    /// Whether a record with `tag` is kept, decided before its values are read; agrees with
    /// ``keeps(_:)``.
    ///
    /// - Parameter ofTheStore: whether the record names a store and it is ``store``.
    func keeps(_ tag: RecordTag, ofTheStore: Bool) -> Bool {
        switch tag {
        case .patch, .keyframe, .stateNotRecorded: ofTheStore
        case .dropped: true
        default: store == nil
        }
    }
}
