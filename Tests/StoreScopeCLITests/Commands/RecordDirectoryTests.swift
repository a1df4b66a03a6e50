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
    /// `--record DIR` keeps sessions private: the directory must be the user's own, a real
    /// directory, and closed to others' writes, and each recorded session file is `0600`.
    @Suite("storescope listen --record: private directories and files")
    struct RecordDirectoryTests {
        @Test("a --record directory others may write to is refused with exit 2, a private subdirectory suggested and nothing written")
        func writableDirectoryIsRefused() throws {
            let directory = try TemporaryDirectory()
            let shared = directory.path("shared")
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
            #expect(chmod(shared, 0o777) == 0)
            for command in [["listen"], ["view", "--listen"]] {
                let outcome = try ChildProcess.storescope(command + [directory.path("run/scope.sock"), "--record", shared])
                #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
                #expect(outcome.stderr == """
                    Error: refusing to record sessions in \(shared): it has mode 777, so other users could remove, replace or plant \
                    the sessions recorded there; give --record a private directory of your own, e.g. --record \(shared)/storescope-sessions (created 0700)

                    """, "\(command)")
                #expect(!outcome.stderr.contains("chmod"))
                #expect(!FileManager.default.fileExists(atPath: directory.path("run/scope.sock")))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
            #expect(try FileManager.default.attributesOfItem(atPath: shared)[.posixPermissions] as? Int == 0o777, "never changed")

            // The suggested subdirectory is accepted.
            let listener = try Live.listen(directory.path("run/scope.sock"), record: shared + "/storescope-sessions")
            try Live.stop(listener)
            #expect(try FileManager.default.attributesOfItem(atPath: shared + "/storescope-sessions")[.posixPermissions] as? Int == 0o700)
        }

        /// Issue 39, item 9: an ordinary `0755` folder was refused although every session in it
        /// is a `0600` file; so is a sticky world-writable one, where no user can touch another's files.
        @Test("an ordinary 0755 folder of the user's, and a sticky 1777 one, record sessions as 0600 files", arguments: [0o755, 0o1777])
        func ordinaryFolderRecords(mode: Int) throws {
            let directory = try TemporaryDirectory()
            let folder = directory.path("folder")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            #expect(chmod(folder, mode_t(mode)) == 0)
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, record: folder)
            let app = try Live.app("ordinary", socket: socket)
            try Live.record(app, 2, endingAt: 2)
            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)
            let files = try Live.recordings(in: folder)
            #expect(files.count == 1)
            for file in files {
                #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
            }
            #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == mode, "never changed")
        }

        @Test("a --record directory of another user, or a symbolic link to one of ours, is refused with exit 2")
        func foreignDirectoryIsRefused() throws {
            let directory = try TemporaryDirectory()
            let ours = directory.path("ours")
            try FileManager.default.createDirectory(atPath: ours, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createSymbolicLink(atPath: directory.path("link"), withDestinationPath: ours)
            let linked = try ChildProcess.storescope(["listen", directory.path("run/scope.sock"), "--record", directory.path("link")])
            #expect(linked.status == 2)
            #expect(linked.stderr.contains("refusing to record sessions in \(directory.path("link")): it is not a directory (a symbolic link is not followed)"), "\(linked.stderr)")

            guard getuid() == 0 else {
                print("skipped: a directory owned by someone else needs root to arrange")
                return
            }
            let theirs = directory.path("theirs")
            try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            #expect(chown(theirs, 65534, 65534) == 0)
            let outcome = try ChildProcess.storescope(["listen", directory.path("run/scope.sock"), "--record", theirs])
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains("refusing to record sessions in \(theirs): it belongs to uid 65534, not to you (uid 0)"), "\(outcome.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty)
        }

        @Test("each session a listener records is a 0600 file, even when the listener runs with umask 0")
        func recordingsArePrivate() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let withoutUmask = ["/bin/sh", "-c", "umask 0; exec \"$0\" \"$@\""]
            let listener = try Live.listen(socket, record: recordings, via: withoutUmask)
            let app = try Live.app("private", socket: socket)
            try Live.record(app, 5, endingAt: 5)
            try listener.waitForOutput(containing: " #5 main action")
            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)
            let files = try Live.recordings(in: recordings)
            #expect(files.count == 1)
            for file in files {
                #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600, "\(file)")
            }
            #expect(try FileManager.default.attributesOfItem(atPath: recordings)[.posixPermissions] as? Int == 0o700)
        }
    }
}
