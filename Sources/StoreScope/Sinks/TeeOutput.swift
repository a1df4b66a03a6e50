import TraceFormat

/// A file and a live stream written together: the file gets every byte (and the footer index
/// at close); the stream gets what it can. Each fails on its own: a full disk stops the file,
/// reported once, while streaming goes on; a gone listener never touches the file.
final class TeeOutput: TraceOutput, LiveOutput {
    private let file: any TraceOutput
    private let stream: LiveSocketOutput
    private let diagnostics: @Sendable (String) -> Void
    private var fileFailed = false
    private let fileCounters: SinkCounters
    /// The file's path.
    let path: String

    init(file: any TraceOutput, path: String, stream: LiveSocketOutput, diagnostics: @escaping @Sendable (String) -> Void) {
        self.file = file
        self.path = path
        self.stream = stream
        self.diagnostics = diagnostics
        fileCounters = SinkCounters(destination: "file \(path)")
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        if !fileFailed {
            do throws(TraceError) {
                try file.write(bytes)
            } catch {
                fileFailed = true
                file.close()
                fileCounters.update { $0.lastError = error.description }
                diagnostics("recording to the file stopped: \(error); the live stream goes on")
            }
        }
        try stream.write(bytes)
    }

    var counters: [SinkCounters] { [fileCounters, stream.stream] }

    func chunkWritten(actions: UInt64) {
        // The file's write happened just before: it took the chunk unless it has failed.
        let failed = fileFailed
        fileCounters.update { failed ? ($0.actionsDropped += actions) : ($0.actionsRecorded += actions) }
        stream.chunkWritten(actions: actions)
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
    func takeCommands() -> [ReceivedCommand] { stream.takeCommands() }
    var isConnected: Bool { stream.isConnected }
    var connectionsEnded: Int { stream.connectionsEnded }
    var bufferLimit: Int { stream.bufferLimit }
}
