import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceAnalysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Trace files hold app states: they are private to their owner, never written through a
/// symbolic link, and never written by two recorders at once, whichever file sink is used.
@Suite("Trace files: permissions, symbolic links, one recorder per path", .tags(.process))
struct TraceFileSafetyTests {
    private static func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private static func recordTwenty(_ recorder: Recorder) {
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...20 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
    }

    @Test("a trace file is created 0600, and a replaced 0644 trace loses its group and other bits")
    func filesArePrivate() throws {
        let directory = try TemporaryDirectory()
        let fresh = directory.path("fresh.sstrace")
        let recorder = try Recorder(sink: .file(fresh))
        Self.recordTwenty(recorder)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(try Self.permissions(fresh) == 0o600)

        let old = directory.path("old.sstrace")
        #expect(FileManager.default.createFile(atPath: old, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644]))
        let replacing = try Recorder(sink: .file(old))
        Self.recordTwenty(replacing)
        #expect(replacing.close(timeout: .recorderCloseInTests))
        #expect(try Self.permissions(old) == 0o600)
        #expect(try readTrace(old).compactMap(\.actionRecord).count == 20)

        let exclusive = directory.path("exclusive.sstrace")
        let tee = try Recorder(sink: .file(exclusive, exclusive: true, streamingTo: directory.path("no/listener.sock")),
                               configuration: .init(diagnostics: { _ in }))
        #expect(tee.close(timeout: .recorderCloseInTests))
        #expect(try Self.permissions(exclusive) == 0o600)
    }

    @Test("a symbolic link at the trace path is refused by every file sink, and the file it points to is untouched")
    func symbolicLinksAreRefused() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("precious.txt")
        let original = Data("do not truncate me\n".utf8)
        #expect(FileManager.default.createFile(atPath: target, contents: original))
        let link = directory.path("trace.sstrace")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let missing = directory.path("dangling.sstrace")
        try FileManager.default.createSymbolicLink(atPath: missing, withDestinationPath: directory.path("created-through-link"))

        let sinks: [(String, RecordingSink)] = [
            ("file", .file(link)),
            ("tee", .file(link, streamingTo: directory.path("no/listener.sock"))),
            ("dangling file", .file(missing)),
            ("dangling tee", .file(missing, streamingTo: directory.path("no/listener.sock"))),
        ]
        for (name, sink) in sinks {
            let path = name.hasPrefix("dangling") ? missing : link
            #expect("\(name)") {
                try Recorder(sink: sink, configuration: .init(diagnostics: { _ in }))
            } throws: { error in
                "\(error)".contains("cannot create \(path): it is a symbolic link, and trace files are never written through one")
            }
        }
        for exclusive in [RecordingSink.file(link, exclusive: true), .file(link, exclusive: true, streamingTo: directory.path("s.sock"))] {
            #expect(throws: TraceError.self) { try Recorder(sink: exclusive, configuration: .init(diagnostics: { _ in })) }
        }
        #expect(FileManager.default.contents(atPath: target) == original)
        #expect(!FileManager.default.fileExists(atPath: directory.path("created-through-link")))
    }

    @Test("a lock released while another thread spawns processes is taken again at once: a child holding a copy of the descriptor until its exec does not make the path look busy")
    func lockTakenAgainWhileChildrenSpawn() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("relock.sstrace")
        let spawning = AtomicValue<Bool>(true), spawned = AtomicValue<Int>(0)
        let spawner = Thread {
            while spawning.load(ordering: .relaxed) {
                let child = Process()
                child.executableURL = URL(fileURLWithPath: "/bin/true")
                try? child.run()
                child.waitUntilExit()
                spawned.add(1, ordering: .relaxed)
            }
        }
        spawner.start()
        defer { spawning.store(false, ordering: .relaxed) }
        var failures: [String] = [], cycles = 0
        // Lock, release and lock again while 300 children are spawned.
        while spawned.load(ordering: .relaxed) < 300 {
            cycles += 1
            do {
                var lock: TraceFileLock? = try TraceFileLock(path: path)
                _ = lock
                lock = nil
                lock = try TraceFileLock(path: path)
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cycles): \(failures.first ?? "")")
    }

    @Test("a second file-and-socket recorder on one path fails with the lock error and leaves the first one's trace intact")
    func teeRecordersShareTheLock() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("one.sstrace")
        let socket = directory.path("nobody/listens.sock")
        let first = try Recorder(sink: .file(path, streamingTo: socket), configuration: .init(diagnostics: { _ in }))
        var state = ListState()
        let recording = first.store("list", initialState: state, actions: ListAction.self)
        for id in 1...20 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        first.flush()
        for second in [RecordingSink.file(path, streamingTo: socket), .file(path)] {
            #expect {
                try Recorder(sink: second, configuration: .init(diagnostics: { _ in }))
            } throws: { error in
                "\(error)".contains("another recorder is writing this trace") && "\(error)".contains(path)
            }
        }
        // And the other way round: a tee recorder cannot take a plain file recorder's path.
        let other = directory.path("two.sstrace")
        let plain = try Recorder(sink: .file(other))
        #expect(throws: TraceError.self) { try Recorder(sink: .file(other, streamingTo: socket), configuration: .init(diagnostics: { _ in })) }
        #expect(plain.close(timeout: .recorderCloseInTests))

        for id in 21...30 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(first.close(timeout: .recorderCloseInTests))
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer)
        #expect(reader.allRecords().compactMap(\.actionRecord).map(\.seq) == Array(1...30))
        let next = try Recorder(sink: .file(path, streamingTo: socket), configuration: .init(diagnostics: { _ in }))
        #expect(next.close(timeout: .recorderCloseInTests))
    }
}
