import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LiveProcessTests {
    /// The listener's record directory filling up (issue 44, item 3): what it confirms to the
    /// app must be what its files hold.
    @Suite("storescope listen: a full disk")
    struct ListenDiskFullTests {
        /// A 16 KiB tmpfs, private: a disk that fills after a few chunks. Needs root (CI is).
        static func smallDisk(at path: String) -> Bool {
            guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount"),
                mkdir(path, 0o700) == 0 || errno == EEXIST
            else { return false }
            let mount = Process()
            mount.executableURL = URL(fileURLWithPath: "/bin/mount")
            mount.arguments = ["-t", "tmpfs", "-o", "size=16k,mode=0700", "tmpfs", path]
            guard (try? mount.run()) != nil else { return false }
            mount.waitUntilExit()
            return mount.terminationStatus == 0
        }

        static func unmount(_ path: String) {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [path]
            try? umount.run()
            umount.waitUntilExit()
        }

        /// Whether this machine lets the tests mount a tmpfs (root with the capability: CI's
        /// machines; not a developer's unprivileged shell), tried once on a probe.
        static let canMount: Bool = {
            guard let probe = try? TemporaryDirectory() else { return false }
            let path = probe.path("probe")
            guard smallDisk(at: path) else { return false }
            unmount(path)
            return true
        }()

        @Test("after 'recording stopped: No space left on device' the app counts as recorded exactly the actions the file holds, and every other one as dropped or unconfirmed",
              .enabled(if: canMount, "mounts a small tmpfs (root with CAP_SYS_ADMIN, as on CI's machines)"))
        func confirmsOnlyWhatItWrote() throws {
            let directory = try TemporaryDirectory()
            let disk = directory.path("disk")
            guard Self.smallDisk(at: disk) else {
                Issue.record("could not mount a tmpfs at \(disk)")
                return
            }
            defer { Self.unmount(disk) }
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, record: disk)
            // Random numbers in every action: chunks that do not compress to nothing.
            let app = try Live.app("filler", socket: socket, ["--payload", "64", "--flush-ms", "5"])
            var sent = 0
            for _ in 0..<40 where !listener.stderr.contains("recording stopped") {
                sent += 200
                try Live.record(app, 200, endingAt: sent)
            }
            try listener.waitForError(containing: "recording stopped")
            #expect(listener.stderr.contains("No space left on device"), "\(listener.stderr)")
            // More after the failure: none of these may be counted as recorded.
            sent += 200
            try Live.record(app, 200, endingAt: sent)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            app.send("close")
            let output = try app.waitForOutput(containing: "closed\n")
            #expect(try app.waitForExit() == 0)
            try Live.stop(listener)

            let sink = try #require(output.split(separator: "\n").first { $0.hasPrefix("sink socket ") }, "\(output)")
            func count(_ name: String) -> Int {
                Int(sink.split(separator: " ").first { $0.hasPrefix(name + "=") }?.dropFirst(name.count + 1) ?? "") ?? -1
            }
            let inFiles = try Live.recordings(in: disk).reduce(0) { total, path in
                total + (try TraceReader(path: path).allRecords().filter { if case .action = $0 { true } else { false } }.count)
            }
            #expect(count("recorded") == inFiles, "\(sink); the files hold \(inFiles)")
            #expect(count("recorded") + count("dropped") + count("unconfirmed") == sent, "\(sink); sent \(sent)")
            #expect(count("recorded") < sent)
        }
    }
}
