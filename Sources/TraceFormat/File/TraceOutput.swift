/// Where a ``TraceWriter`` puts its bytes: a file, a socket, or anything that takes bytes in
/// order. Implementations are used by one thread at a time.
public protocol TraceOutput: AnyObject {
    /// Writes all of `bytes` or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError)
    /// Makes everything written so far durable or delivered, as far as the output can.
    func sync() throws(TraceError)
    /// Releases the output. Called once, by ``TraceWriter/close()``.
    func close()
    /// Whether the output is a seekable file that should end with a footer index.
    var wantsFooterIndex: Bool { get }
}

extension TraceFile: TraceOutput {
    /// Files end with a footer index.
    public var wantsFooterIndex: Bool { true }
}
