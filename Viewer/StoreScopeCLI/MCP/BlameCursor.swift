import TraceAnalysis

/// Where a page of `blame` resumes: the store (its index among those searched), the action,
/// and how many of that action's changes the previous page gave. Written `STORE:SEQ:SKIP`.
struct BlameCursor: CustomStringConvertible {
    var store: Int
    var seq: UInt64
    var skip: Int

    init(store: Int, seq: UInt64, skip: Int) {
        (self.store, self.seq, self.skip) = (store, seq, skip)
    }

    /// The `cursor` argument, or `nil` for the first page.
    init?(_ arguments: ToolArguments) throws(ToolError) {
        guard let text = try arguments.string("cursor") else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let store = Int(parts[0]), let seq = UInt64(parts[1]), let skip = Int(parts[2]), store >= 0, skip >= 0 else {
            throw ToolError("invalid cursor '\(text)': pass a nextCursor from a previous answer")
        }
        self.init(store: store, seq: seq, skip: skip)
    }

    var description: String { "\(store):\(seq):\(skip)" }
}
