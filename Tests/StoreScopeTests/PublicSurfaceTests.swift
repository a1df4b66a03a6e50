import Foundation
import StoreScopeTestSupport
import Testing

/// What `import StoreScope` puts in front of an app (issue 41, item 4): the recorder and the
/// few trace types its API names, and nothing of the wire format. Checked the way an app would
/// meet it: a client file type-checked by the real compiler against the modules this test run
/// was built with, importing StoreScope alone.
@Suite("import StoreScope shows what an app needs, not the wire format", .tags(.process))
struct PublicSurfaceTests {
    /// Type-checks `source`, a file of a client module, against the built modules.
    static func typecheck(_ source: String) throws -> ChildProcess.Outcome {
        let products = try ProductLocator.directory(holding: "Modules/StoreScope.swiftmodule")
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("Client.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Client", "-I", products.appendingPathComponent("Modules").path]
        // The C modules under TraceFormat are found by the module maps SwiftPM wrote.
        for name in try FileManager.default.contentsOfDirectory(atPath: products.path) where name.hasSuffix(".build") {
            let map = products.appendingPathComponent(name).appendingPathComponent("module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) { arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"] }
        }
        return try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments + [file.path], timeout: .seconds(120))
    }

    @Test("an app names the recorder, its sinks and the trace types its API takes, importing StoreScope alone")
    func appNamesCompile() throws {
        let outcome = try Self.typecheck(
            """
            import StoreScope

            struct State: Equatable, Sendable, Codable { var count = 0 }
            enum Action: Sendable, Codable { case increment }

            func record() throws {
                let recorder = try Recorder(sink: .file("/tmp/x.sstrace"), configuration: RecorderConfiguration(appName: "App"))
                let recording: StoreRecorder<State, Action> = recorder.store("main", initialState: State(), actions: Action.self)
                var state = State()
                recording.record(.increment, reducing: &state) { state, _ in state.count += 1 }
                let _: Int = recording.record(.increment, reducing: &state, whileLocked: 0) { state, _ in state.count += 1; return 1 }
                let _: (inout State, Action) -> Void = recording.reducer { state, _ in state.count += 1 }
                let span = recording.startEffect("load", startedBy: recording.lastSentSeq)
                span.finish()
                recorder.log("note", level: LogLevel.info)
                let _: TraceValue = captureValue(state)
                let _: EffectOutcome? = nil
                let _: SourceLocation? = nil
                let _: [PatchOperation] = capturePatch(from: state, to: state)
                let _: ChunkingOptions = .init()
                let _: PairingSecret? = nil
                let _: TCPAddress? = nil
                let _: TraceError? = nil
            }
            """)
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test("the wire format's types are not in scope for an app that imports StoreScope alone")
    func wireFormatHidden() throws {
        let hidden = ["TraceReader", "TraceWriter", "TraceStreamDecoder", "ChunkHeader", "TraceFile", "ActionRecord", "StatePatch", "Keyframe", "ControlCommand"]
        let outcome = try Self.typecheck(
            "import StoreScope\n" + hidden.map { "func use\($0)(_: \($0).Type) {}" }.joined(separator: "\n") + "\n")
        #expect(outcome.status != 0)
        for name in hidden {
            #expect(outcome.stderr.contains("cannot find type '\(name)' in scope"), "\(name) is visible: \(outcome.stderr)")
        }
    }
}
