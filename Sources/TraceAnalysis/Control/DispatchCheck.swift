import TraceFormat

/// What a listener checks a typed action against before sending it to a session's app: the
/// cases each store's actions used in the session's recording (``SeenCases``), read chunk by
/// chunk as dispatches need them, and the action it refused, which the same dispatch right
/// after sends as typed (a case the session has not seen yet may still exist).
struct DispatchCheck {
    private var stores: [String: SeenCases] = [:]
    /// The recording's chunks read so far.
    private var chunks = 0
    /// The store and text of the dispatch refused last.
    private var refused: (store: String, text: String)?

    /// The most chunks read for one dispatch (about 256 MiB of trace, as for the effects a
    /// jump leaves running): a longer session is checked once later dispatches have read it.
    static let mostChunks = 4_096

    /// Why `action`, typed as `text` for `store`, is not sent: a case that looks like a typo of
    /// one the session used (``UnseenCase``); `nil` to send it, always for a dispatch just
    /// refused so.
    mutating func refusal(of action: TraceValue, text: String, store: String, recording: TraceSession) -> String? {
        let isRepeated = refused.map { $0 == (store, text) } ?? false
        refused = nil
        guard !isRepeated, read(recording), let unseen = stores[store]?.unseenCase(in: action) else { return nil }
        refused = (store, text)
        return "\(unseen) The same dispatch again sends it as typed (\(unseen.seenText))"
    }

    /// Takes in the actions of the chunks written since the last call; whether every chunk
    /// was read.
    private mutating func read(_ recording: TraceSession) -> Bool {
        chunks = recording.forEachRecordWithoutStates(inChunksFrom: chunks, limit: Self.mostChunks) { record in
            if case let .action(action) = record { stores[action.store, default: SeenCases()].add(action.action) }
        }
        return chunks == recording.reader.chunks.count
    }
}
