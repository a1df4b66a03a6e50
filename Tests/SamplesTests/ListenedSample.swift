import Foundation
import StoreScope
import StoreScopeSamples
import StoreScopeTestSupport
import Testing

/// A sample's scenario run with control on, streaming to the real `storescope listen`, which
/// records the session into `recordings`: what the control tests act on.
struct ListenedSample {
    let directory: TemporaryDirectory
    let socket: String
    let recordings: String
    let listener: RunningProcess
    let recorder: Recorder
    /// What the scenario did.
    let run: SampleRun

    /// Starts the listener, runs the scenario of the sample named `name` into it, and flushes
    /// the recorder (the recorder stays open: the sample's store answers commands).
    static func start(_ name: String) async throws -> ListenedSample {
        let sample = try #require(Samples.named(name))
        let directory = try TemporaryDirectory()
        let socket = directory.path("run/scope.sock"), recordings = directory.path("sessions")
        let listener = try RunningProcess(product: "storescope", ["listen", socket, "--record", recordings])
        try listener.waitForError(containing: "Listening on")

        var configuration = RecorderConfiguration(appName: "sample-\(name)")
        configuration.control.isEnabled = true  // the release suite's default is off
        let recorder = try Recorder(sink: .socket(socket), mainStore: name, configuration: configuration)
        let run = try await sample.runScenario(recorder: recorder)
        recorder.flush()
        return ListenedSample(directory: directory, socket: socket, recordings: recordings, listener: listener, recorder: recorder, run: run)
    }

    /// Closes the recorder and stops the listener once it saw the session end; expects it to
    /// exit 0.
    func finish() throws {
        recorder.close()
        try listener.waitForOutput(containing: "app closed the session")
        listener.signal(SIGINT)
        #expect(try listener.waitForExit() == 0)
    }
}
