import StoreScope

/// A small app whose store has one of the shapes StoreScope instruments, with a scripted
/// scenario that exercises its effects (including one that is cancelled and one that fails).
public protocol SampleApp {
    /// The name `storescope demo --sample` takes (`search`, `notes`, ...).
    static var name: String { get }
    /// One line: the app and the store shape it ports.
    static var summary: String { get }
    /// Runs the scenario on a store recorded into `recorder`. The recorder stays open; the
    /// caller closes it.
    ///
    /// - Parameter recorder: the session to record into.
    /// - Returns: what the store actually processed, and the effects the scenario expects.
    /// - Throws: when the scenario could not run as scripted.
    static func runScenario(recorder: Recorder) async throws -> SampleRun
}

/// The catalog of samples.
public enum Samples {
    /// Every sample, in the order of the store shapes in DESIGN.md.
    public static var all: [any SampleApp.Type] {
        [ElmNotesSample.self, ReduxTodosSample.self, UsersContainerSample.self, ReduxUILoginSample.self, RepoSearchSample.self]
    }

    /// The samples' names, in catalog order.
    public static var names: [String] {
        all.map { $0.name }
    }

    /// The sample `storescope demo` runs by default: it shows debounced effects, a search
    /// superseded (cancelled) by a newer one, and a failing request. Below macOS 14, whose
    /// Observation its `@Observable` store needs, the Redux todos.
    public static var defaultSample: any SampleApp.Type {
        if #available(iOS 17.0, macOS 14.0, macCatalyst 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) {
            RepoSearchSample.self
        } else {
            ReduxTodosSample.self
        }
    }

    /// The sample named `name`, if any.
    public static func named(_ name: String) -> (any SampleApp.Type)? {
        all.first { $0.name == name }
    }

    /// Records `sample`'s scenario into a new trace file at `path` and closes the session.
    ///
    /// - Parameters:
    ///   - sample: the sample to run.
    ///   - path: the trace file to create (replaced if it exists). With `$STORESCOPE_SOCKET`
    ///     set, the session also streams live to that socket (with `$STORESCOPE_TCP`, over TCP).
    /// - Returns: what the scenario did.
    /// - Throws: ``TraceError`` when the file cannot be created, or the scenario's error.
    public static func record(_ sample: any SampleApp.Type, to path: String) async throws -> SampleRun {
        let recorder = try Recorder(sink: .default(file: path), configuration: .init(appName: "storescope-demo-\(sample.name)"))
        do {
            var run = try await sample.runScenario(recorder: recorder)
            recorder.close()
            // A Unix socket (`socket PATH`: the path), or TCP (`tcp HOST:PORT`, said whole).
            if let stream = recorder.status.sinks.first(where: { $0.destination.hasPrefix("socket ") || $0.destination.hasPrefix("tcp ") }) {
                let destination = stream.destination.hasPrefix("socket ") ? String(stream.destination.dropFirst("socket ".count)) : stream.destination
                run.stream = SampleRun.StreamDelivery(
                    socket: destination, received: stream.actionsRecorded,
                    lost: stream.actionsDropped + stream.actionsUnconfirmed, lastError: stream.lastError)
            }
            return run
        } catch {
            recorder.close()
            throw error
        }
    }
}
