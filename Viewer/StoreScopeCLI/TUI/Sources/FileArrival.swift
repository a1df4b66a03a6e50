import TraceFormat

/// A trace file that does not exist yet (`storescope tail --wait` in a terminal): it arrives
/// as the viewer's source once it can be opened.
final class FileArrival: SourceArrivals {
    private let path: String
    private var opened = false

    init(path: String) {
        self.path = path
    }

    func poll() -> [SourceArrival] {
        guard !opened, let source = try? FileTraceSource(path: path) else { return [] }
        opened = true
        return [.started(source)]
    }

    func finish() -> [String] { [] }
}
