/// The per-chunk table of interned names (type names, field names, case names, store names).
/// Records refer to entries by index, so any chunk decodes on its own.
struct StringTable {
    private(set) var strings: [String] = []
    private var indices: [String: UInt64] = [:]
    private var recent = RecentStrings()

    /// The index of `string`, adding it when new.
    mutating func intern(_ string: String) -> UInt64 {
        if let index = recent.index(of: string) { return index }
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

    /// Reads a table written by ``encode(into:)``.
    static func decode(from reader: inout ByteReader) throws(TraceError) -> [String] {
        let count = try reader.readCount()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try reader.readString()) }
        return strings
    }
}
