/// The per-chunk table of interned names (type names, field names, case names, store names).
/// Records refer to entries by index, so any chunk decodes on its own.
struct StringTable {
    private(set) var strings: [String] = []
    private var indices: [String: UInt64] = [:]
    private var recent = RecentStrings()

    /// The index of `string`, adding it when new.
    @inline(__always)
    mutating func intern(_ string: String) -> UInt64 {
        // The names a recorder interns are found here, inline.
        if let index = recent.index(of: string) { return index }
        return internSlowly(string)
    }

    /// ``intern(_:)`` for a string the recent ones do not hold.
    @inline(never)
    private mutating func internSlowly(_ string: String) -> UInt64 {
        let index: UInt64
        if let known = indices[string] {
            index = known
        } else {
            index = UInt64(strings.count)
            strings.append(string)
            indices[string] = index
        }
        recent.remember(string, as: index)
        return index
    }

    var isEmpty: Bool { strings.isEmpty }

    /// Forgets the strings interned after the first `count` (those of a record that was not
    /// written).
    mutating func removeStrings(after count: Int) {
        guard strings.count > count else { return }
        for string in strings[count...] { indices[string] = nil }
        strings.removeSubrange(count...)
        recent.removeAll()
    }

    mutating func removeAll() {
        strings.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        recent.removeAll()
    }

    /// Writes the count and each string.
    func encode(into writer: inout ByteWriter) {
        writer.writeVarint(UInt64(strings.count))
        for string in strings { writer.writeString(string) }
    }

    /// Reads a table written by ``encode(into:)``; refuses more than `itemLimit` entries.
    static func decode(from reader: inout ByteReader, itemLimit: Int = TraceLimits.maximumItemsPerChunk) throws(TraceError) -> [String] {
        let count = try reader.readCount()
        guard count <= itemLimit else { throw TraceLimits.tooManyItems }
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try reader.readString()) }
        return strings
    }
}
