import TraceFormat

/// Notices that the file at a followed path no longer holds the session being read, as
/// `tail -F` and lnav do: an app killed and restarted on the same path truncates the file and
/// writes a new session into it (`O_TRUNC`, the same inode), and a file can be replaced by
/// another one (renamed over it, or removed and created again). Reading on at the old offset
/// would join the new session's bytes to the old one: its first actions skipped, a damage
/// report invented.
///
/// Each ``check()`` costs a `stat` of the path; when the size changed, also a read of the
/// file's first bytes (the session header), so a rewrite that grew past the old size between
/// two checks is noticed too. A path that names nothing for a while (removed, not yet created
/// again) is no change: the old file is still read through its open descriptor.
public struct TraceFileWatch: Sendable {
    /// How the file at the path changed.
    public enum Change: Sendable, Equatable, CustomStringConvertible {
        /// Another file is at the path (another inode).
        case replaced
        /// The file is shorter than it was: truncated, maybe being written again.
        case truncated
        /// The file starts with another session header: written again from its start.
        case rewritten
        /// The same session goes on past its old end: its writer removed the footer of a
        /// finished file to append to it (a listener continuing the recording of an app that
        /// reconnected). Reported only to a watch told where the finished file's records end.
        case continued

        /// `was replaced by another file`, `was truncated`, `now holds another session`,
        /// `continues`.
        public var description: String {
            switch self {
            case .replaced: "was replaced by another file"
            case .truncated: "was truncated"
            case .rewritten: "now holds another session"
            case .continued: "continues"
            }
        }
    }

    /// The path followed.
    public let path: String
    private let device: UInt64, inode: UInt64
    /// The file's first bytes (its session header) when the watch started.
    private let prefix: [UInt8]
    /// The size at the last check.
    private var size: Int64

    /// Starts watching `path`, whose file was just opened and holds a session header of
    /// `headerLength` bytes.
    ///
    /// - Returns: `nil` when the path cannot be examined (then nothing can be watched).
    public init?(path: String, headerLength: Int) {
        guard case let .success(identity) = LiveSyscalls.identity(path), let prefix = Self.prefix(of: path, count: headerLength) else { return nil }
        self.path = path
        device = identity.device
        inode = identity.inode
        size = identity.size
        self.prefix = prefix
    }

    /// Whether the file at the path changed since the watch started (`nil`: it did not, or
    /// nothing is at the path right now). Once a change is reported, make a new watch for the
    /// new file.
    ///
    /// - Parameter finishedRecordsEnd: for a file read to its footer, where its last records
    ///   chunk ends: then a file of another size that still starts with the same header and
    ///   still holds those bytes is ``Change/continued`` (the footer was cut off to append),
    ///   not truncated; and growth, which a finished file cannot otherwise have, is noticed.
    public mutating func check(finishedRecordsEnd: Int64? = nil) -> Change? {
        guard case let .success(identity) = LiveSyscalls.identity(path) else { return nil }
        if identity.device != device || identity.inode != inode { return .replaced }
        defer { size = identity.size }
        if let end = finishedRecordsEnd, identity.size != size, identity.size >= end {
            guard let now = Self.prefix(of: path, count: prefix.count) else { return nil }
            return now == prefix ? .continued : .rewritten
        }
        if identity.size < size { return .truncated }
        guard identity.size != size else { return nil }
        // The same file, another size: it grew, unless it was truncated and written again
        // since the last check. Then it starts with another header (the session id differs).
        guard let now = Self.prefix(of: path, count: prefix.count) else { return nil }
        return now == prefix ? nil : .rewritten
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter), or `nil`
    /// when it cannot be read.
    private static func prefix(of path: String, count: Int) -> [UInt8]? {
        guard let file = try? TraceFile.openForReading(path) else { return nil }
        defer { file.close() }
        return try? file.read(count: count, at: 0)
    }
}
