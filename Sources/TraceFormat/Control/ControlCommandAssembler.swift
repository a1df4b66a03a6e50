/// Joins the ``ListenerMessage/commandPart(_:isLast:)`` messages of a connection into command
/// bodies, within a limit: a command larger than ``maximumBodyBytes`` is refused (its parts
/// are discarded as they arrive, so memory never exceeds the limit) and reported once its last
/// part arrives.
public struct ControlCommandAssembler: Sendable {
    /// What the parts that arrived so far make.
    public enum Completed: Sendable, Hashable {
        /// A whole body.
        case body([UInt8])
        /// A body over the limit, of this many bytes, discarded.
        case tooLarge(bytes: Int)
    }

    /// The largest body kept.
    public let maximumBodyBytes: Int
    private var body: [UInt8] = []
    private var discarded = 0

    /// Creates an assembler keeping bodies of at most `maximumBodyBytes`.
    public init(maximumBodyBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Adds a part; returns the body it completes, if it is the last.
    public mutating func add(_ part: [UInt8], isLast: Bool) -> Completed? {
        if discarded > 0 || body.count + part.count > maximumBodyBytes {
            discarded += body.count + part.count
            body = []
        } else {
            body += part
        }
        guard isLast else { return nil }
        defer {
            body = []
            discarded = 0
        }
        return discarded > 0 ? .tooLarge(bytes: discarded) : .body(body)
    }
}
