import TraceAnalysis

/// The questions every analysis answers first, asked of the session alone so that both the
/// commands (through ``AnalysisInput``) and `storescope mcp`'s tools ask them the same way:
/// which store, which seq, which part of the state; each failure says what the trace has.
extension TraceSession {
    /// The store `name` names, or else the session's main store (``SessionStores``); a store
    /// the trace does not have is an error naming the ones it has.
    func checkedStore(named name: String?) throws(AnalysisFailure) -> String {
        do throws(NoSuchStore) {
            return try store(named: name)
        } catch {
            throw AnalysisFailure(error.description.sanitizedForTerminal)
        }
    }

    /// The seq a point names in this trace; a seq after the last readable action is an error
    /// that says where the trace ends.
    func checkedSeq(_ point: SessionPoint) throws(AnalysisFailure) -> UInt64 {
        let seq = self.seq(at: point)
        guard case let .seq(asked) = point, let range = seqRange, asked > range.upperBound else { return seq }
        var message = "#\(asked) is past the last action of the trace (#\(range.upperBound))"
        if let torn = reader.tornTail { message += "; an incomplete last chunk (the session was cut off: \(TraceGap.bytes(from: torn.start, to: torn.end))) may have held more" }
        throw AnalysisFailure(message)
    }

    /// The sub-value `pattern` names in `state`, or an error naming what exists there.
    func value(at pattern: PathPattern?, in state: TraceValue, store: String, seq: UInt64) throws(AnalysisFailure) -> TraceValue {
        guard let pattern else { return state }
        if let node = pattern.node(in: state) { return node }
        // Say how far the path goes and what is there instead.
        var depth = 0
        while depth < pattern.steps.count, pattern.prefix(depth + 1).node(in: state) != nil { depth += 1 }
        let reached = pattern.prefix(depth)
        let children = Self.childNames(reached.node(in: state) ?? state)
        let place = depth == 0 ? "the state" : reached.description
        let has = children.isEmpty ? "has no children" : "has \(children.joined(separator: ", "))"
        throw AnalysisFailure("the state of \(store) after #\(seq) has no \(pattern.description) (\(place) \(has))".sanitizedForTerminal)
    }

    /// The names of `value`'s children as paths print them (`.name`, `[0]…[9]`, `/case.field`).
    static func childNames(_ value: TraceValue) -> [String] {
        switch value {
        case let .some(wrapped): return childNames(wrapped)
        case let .structure(_, fields), let .object(_, _, fields):
            return fields.enumerated().map { $1.name.isEmpty ? "[\($0)]" : "." + $1.name }
        case let .enumeration(_, caseName, fields):
            // Named with the case, as paths are printed: `/detail[0]`.
            return fields.enumerated().map { "/" + caseName + ($1.name.isEmpty ? "[\($0)]" : "." + $1.name) }
        case let .array(elements): return elements.isEmpty ? [] : ["[0]…[\(elements.count - 1)]"]
        case let .dictionary(entries): return entries.prefix(8).map { "[\($0.key.shortDescription)]" } + (entries.count > 8 ? ["…"] : [])
        default: return []
        }
    }
}
