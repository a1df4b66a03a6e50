import TraceFormat

/// A trace written to memory: for tests about the bytes a writer produces (a chunk's stream
/// header, a frame's layout), where a file would only be read back whole. Tests about reading,
/// following, recovery or sinks keep using real files.
///
/// Not a product: an app's own tests record to a temporary file, which `storescope` and
/// ``TraceReader`` can then read.
public final class MemoryTraceOutput: TraceOutput {
    /// Everything written so far, in order.
    public private(set) var bytes: [UInt8] = []
    /// Whether ``close()`` was called.
    public private(set) var isClosed = false

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        guard !isClosed else { throw .closed }
        self.bytes.append(contentsOf: bytes)
    }

    public func sync() throws(TraceError) {}

    public func close() { isClosed = true }

    /// A footer index, as a file gets: the bytes are a whole trace file.
    public var wantsFooterIndex: Bool { true }
}
