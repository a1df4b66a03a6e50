/// Everything that can go wrong reading or writing a trace, with a one-line description fit
/// for a command-line message.
public enum TraceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not a StoreScope trace (bad magic).
    case notATrace(String)
    /// The file was written by a newer format this reader cannot read.
    case unsupportedVersion(major: UInt16, minor: UInt16)
    /// The header sets incompatible feature bits this reader does not know.
    case unknownIncompatibleFeatures(UInt32)
    /// Bytes that do not decode: a bad length, an unknown tag, a failed checksum.
    case malformed(String)
    /// zlib reported an error.
    case compression(String)
    /// A system call failed.
    case io(operation: String, path: String, errno: Int32, message: String)
    /// The writer was used after `close()`.
    case closed

    /// One line for humans.
    public var description: String {
        switch self {
        case let .notATrace(why): "not a StoreScope trace: \(why)"
        case let .unsupportedVersion(major, minor):
            "trace format version \(major).\(minor) is newer than this reader (\(TraceFormatVersion.major).\(TraceFormatVersion.minor)); upgrade storescope"
        case let .unknownIncompatibleFeatures(bits):
            "trace uses features this reader does not know (incompatible flags 0x\(String(bits, radix: 16))); upgrade storescope"
        case let .malformed(why): "malformed trace data: \(why)"
        case let .compression(why): "compression error: \(why)"
        case let .io(operation, path, _, message): "\(operation) \(path): \(message)"
        case .closed: "the trace writer is closed"
        }
    }
}

/// The format version this library writes and the newest it reads.
public enum TraceFormatVersion {
    /// Incremented on changes old readers cannot read.
    public static let major: UInt16 = 1
    /// Incremented on additions old readers can skip.
    public static let minor: UInt16 = 1
    /// The incompatible feature bits this reader understands (``IncompatibleFeatures``).
    public static let knownIncompatibleFeatures: UInt32 = IncompatibleFeatures.unrecordedStates
}
