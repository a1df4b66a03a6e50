import TraceFormat

extension TraceSession {
    /// The session's stores in the order they registered: those with a keyframe in the first
    /// chunks holding keyframes (stores register with a keyframe, usually at the start; read
    /// once, and on as the trace grows), and, when records before the first action were lost,
    /// where stores register, the stores with actions too.
    ///
    /// - Parameter readingActions: whether a trace damaged at its start has its actions read
    ///   for the stores whose keyframes were lost (every action chunk, once); a reader that
    ///   must not wait, such as the viewer's loop, leaves them out.
    public func stores(readingActions: Bool = true) -> SessionStores {
        registeredStores.read(reader.chunks) { keyframeStores(ofChunk: $0) }
        var stores = SessionStores(header: header, names: registeredStores.names)
        // A store may have lost every keyframe and still have its actions (and their
        // patches): name it too. Only a trace damaged at its start pays for reading its actions.
        if readingActions, damage.contains(where: { $0.afterSeq == nil }) {
            let chunks = reader.chunks
            while storesWithActions.nextChunk < chunks.count {
                defer { storesWithActions.nextChunk += 1 }
                guard chunks[storesWithActions.nextChunk].seqRange != nil else { continue }
                for case let .action(action) in records(ofChunk: storesWithActions.nextChunk) ?? []
                where !storesWithActions.names.contains(action.store) {
                    storesWithActions.names.append(action.store)
                }
            }
            for name in storesWithActions.names { stores.note(name) }
        }
        return stores
    }

    /// The stores whose keyframes chunk `index` holds, in order, read as the action scans read
    /// it (from memory when it is there, large keyframes left out when the session leaves them
    /// out); none when it is damaged.
    private func keyframeStores(ofChunk index: Int) -> [String]? {
        guard let (records, leftOut) = actionRecords(ofChunk: index) else { return [] }
        var stores: [String] = []
        var left = leftOut
        for (position, record) in records.enumerated() {
            while let keyframe = left.next(before: position) { stores.append(keyframe.store) }
            if case let .keyframe(keyframe) = record { stores.append(keyframe.store) }
        }
        while let keyframe = left.next(before: .max) { stores.append(keyframe.store) }
        return stores
    }

    /// The store `asked` names, or the main store: ``SessionStores/store(named:in:)`` on
    /// ``stores(readingActions:)``, except that a store the first keyframe chunks do not name
    /// is looked for in the rest of the trace before it is refused (a store that registered
    /// late).
    ///
    /// - Parameters:
    ///   - asked: the store the user named, if any.
    ///   - place: where the stores are, for the error.
    /// - Throws: ``NoSuchStore`` listing the stores when the trace has no such store, or none.
    public func store(named asked: String?, in place: String = "the trace") throws(NoSuchStore) -> String {
        let stores = stores()
        if let asked, !stores.names.contains(asked), RegisteredStores.trace(reader, hasKeyframeOf: asked) { return asked }
        return try stores.store(named: asked, in: place)
    }
}
