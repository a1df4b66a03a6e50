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
    /// The app's side of DESIGN.md's "Security and privacy": it sends nothing to a socket whose
    /// directory is not its own and private, or whose listener runs as another user, and says
    /// why once.
    @Suite("apps stream only to their own user's listener")
    struct AppSocketTrustTests {
        /// Runs an app streaming to `socket`, records actions, and returns its standard error
        /// once it reported the refusal (and had time to retry a few times).
        private static func refusedApp(streamingTo socket: String, saying reason: String) throws -> String {
            let app = try Live.app("victim", socket: socket)
            try app.waitForError(containing: reason)
            try Live.record(app, 20, endingAt: 20)
            // The app retries with a backoff from 20 ms: let it retry several times.
            Thread.sleep(forTimeInterval: 0.4)
            try Live.record(app, 20, endingAt: 40)
            _ = try Live.close(app)
            return app.stderr
        }

        @Test("a socket directory open to other users is refused before connecting: nothing reaches the listener, and the app says why once")
        func openDirectoryIsRefused() throws {
            let directory = try TemporaryDirectory()
            let open = directory.path("open")
            try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
            #expect(chmod(open, 0o777) == 0)
            let fake = try RawListener(path: open + "/storescope.sock")
            let stderr = try Self.refusedApp(
                streamingTo: open + "/storescope.sock",
                saying: "refusing to stream there: the directory \(open) has mode 777, open to other users (a listener makes it 0700); nothing is sent")
            #expect(stderr.components(separatedBy: "refusing to stream").count == 2, "once: \(stderr)")
            #expect(!fake.someoneConnected)
        }

        @Test("a socket that becomes untrustworthy after the app said 'no listener yet' is refused, and said so")
        func refusalAfterNoListenerIsSaid() throws {
            let directory = try TemporaryDirectory()
            let late = directory.path("late")
            let app = try Live.app("victim", socket: late + "/storescope.sock")
            try app.waitForError(containing: "no listener at")
            try FileManager.default.createDirectory(atPath: late, withIntermediateDirectories: false)
            #expect(chmod(late, 0o777) == 0)
            let fake = try RawListener(path: late + "/storescope.sock")
            try app.waitForError(containing: "refusing to stream there: the directory \(late) has mode 777")
            try Live.record(app, 20, endingAt: 20)
            _ = try Live.close(app)
            #expect(!fake.someoneConnected)
            #expect(app.stderr.components(separatedBy: "refusing to stream").count == 2, "once: \(app.stderr)")
        }

        @Test("a socket directory owned by another user is refused, even when private: nothing reaches the listener")
        func foreignDirectoryIsRefused() throws {
            guard getuid() == 0 else {
                print("skipped: a directory owned by someone else needs root to arrange")
                return
            }
            let directory = try TemporaryDirectory()
            let theirs = directory.path("theirs")
            try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let fake = try RawListener(path: theirs + "/storescope.sock")
            #expect(chown(theirs, 1001, 1001) == 0)
            let stderr = try Self.refusedApp(
                streamingTo: theirs + "/storescope.sock",
                saying: "refusing to stream there: the directory \(theirs) belongs to uid 1001, not to you (uid 0); nothing is sent")
            #expect(stderr.components(separatedBy: "refusing to stream").count == 2, "once: \(stderr)")
            #expect(!fake.someoneConnected)
        }

        @Test("a listener of another user is refused even in our own private directory: it receives no session")
        func foreignListenerIsRefused() throws {
            guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                print("skipped: running a listener as another user needs root and setpriv")
                return
            }
            let directory = try TemporaryDirectory()
            // The listener runs as nobody, accepting uid 0 (us), in nobody's directory; its
            // socket is then moved into a directory of ours that passes the directory check,
            // so only the peer check stands between the app and the other user.
            let nobody = directory.path("nobody")
            try FileManager.default.createDirectory(atPath: nobody, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            #expect(chown(nobody, 65534, 65534) == 0)
            #expect(chmod(directory.path, 0o755) == 0)
            let ours = directory.path("ours")
            try FileManager.default.createDirectory(atPath: ours, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            let listener = try Live.listen(nobody + "/scope.sock", ["--allow-uid", "0"], via: asNobody)
            #expect(rename(nobody + "/scope.sock", ours + "/scope.sock") == 0)

            let stderr = try Self.refusedApp(
                streamingTo: ours + "/scope.sock",
                saying: "refusing to stream there: the listener there runs as uid 65534, not as you (uid 0); nothing is sent")
            #expect(stderr.components(separatedBy: "refusing to stream").count == 2, "once: \(stderr)")
            try Live.stop(listener, with: SIGINT)
            #expect(!listener.stdout.contains("session started"), "\(listener.stdout)")
            #expect(!listener.stderr.contains("session started"), "\(listener.stderr)")
        }

        @Test("an app streams to its own user's listener in a private directory (the checks refuse nothing legitimate)")
        func ownListenerIsTrusted() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket)
            let app = try Live.app("trusted", socket: socket)
            try Live.record(app, 10, endingAt: 10)
            try listener.waitForOutput(containing: " #10 main action")
            _ = try Live.close(app)
            try Live.stop(listener)
            #expect(!app.stderr.contains("refusing"), "\(app.stderr)")
        }
    }
}
