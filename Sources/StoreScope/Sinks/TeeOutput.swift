/// A file and a live stream written together: the file gets every byte (and the footer index
/// at close); the stream gets what it can. Each fails on its own: a full disk stops the file,
/// reported once, while streaming goes on; a gone listener never touches the file.
final class TeeOutput: TraceOutput, LiveOutput {
    private let file: any TraceOutput
    private let stream: LiveSocketOutput
    private let diagnostics: @Sendable (String) -> Void
    private var fileFailed = false

    init(file: any TraceOutput, stream: LiveSocketOutput, diagnostics: @escaping @Sendable (String) -> Void) {
        self.file = file
        self.stream = stream
        self.diagnostics = diagnostics
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        if !fileFailed {
            do throws(TraceError) {
                try file.write(bytes)
            } catch {
                fileFailed = true
                file.close()
                diagnostics("recording to the file stopped: \(error); the live stream goes on")
            }
        }
        try stream.write(bytes)
    }

    func sync() throws(TraceError) {
        if !fileFailed { try? file.sync() }
    }

    func close() {
        if !fileFailed { file.close() }
        stream.close()
    }

    /// The file ends with a footer index; the stream skips it.
    var wantsFooterIndex: Bool { !fileFailed && file.wantsFooterIndex }

    func service(closing: Bool) -> Bool { stream.service(closing: closing) }
    func resume() -> StreamLoss { stream.resume() }
    var bufferLimit: Int { stream.bufferLimit }
}
