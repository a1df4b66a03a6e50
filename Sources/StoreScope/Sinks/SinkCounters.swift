import TraceFormat

/// One destination's ``SinkStatus``, written by the recorder's worker as chunks are written,
/// confirmed or lost, and read by ``Recorder/status`` from any thread.
final class SinkCounters: Sendable {
    private let status: LockedValue<SinkStatus>

    init(destination: String) {
        status = LockedValue(SinkStatus(destination: destination))
    }

    /// The figures now.
    var snapshot: SinkStatus { status.withLock { $0 } }

    func update(_ change: (inout SinkStatus) -> Void) {
        status.withLock { change(&$0) }
    }
}
