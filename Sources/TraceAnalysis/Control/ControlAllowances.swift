import TraceFormat

/// What the stores of a live session allow a listener to do, from the notes the app's
/// recorder writes into the stream (``TraceFormat/ControlAllowedNote``), read chunk by chunk
/// as the recording grows: `storescope mcp --allow-control` offers a control tool only while a
/// connected session's store allows its command. A later note of a store replaces an earlier
/// one (the app allowed control again).
public struct ControlAllowances: Sendable {
    /// What each store allows, by store name.
    public private(set) var stores: [String: Set<ControlAllowedNote.Command>] = [:]
    /// The recording's chunks read so far.
    private var chunks = 0

    /// No store allows anything yet.
    public init() {}

    /// Takes in the notes of the chunks written since the last call, at most
    /// ``DispatchCheck/mostChunks`` of them (the rest at the next calls).
    public mutating func read(_ recording: TraceSession) {
        chunks = recording.forEachRecordWithoutStates(inChunksFrom: chunks, limit: DispatchCheck.mostChunks) { record in
            if case let .log(log) = record, let note = ControlAllowedNote(log) { stores[note.store] = note.commands }
        }
    }

    /// Every command some store allows.
    public var commands: Set<ControlAllowedNote.Command> {
        stores.values.reduce(into: []) { $0.formUnion($1) }
    }
}
