import Foundation
import StoreScopeTestSupport
import Testing

extension LiveProcessTests {
    /// `storescope listen` at a path in a shared directory (`/tmp`): refused, with a private
    /// directory to use instead, never advice to `chmod` the shared one (issue 19, item 7).
    @Suite("listen in a shared directory")
    struct ListenSharedDirectoryTests {
        /// Runs `storescope ARGUMENTS` with `XDG_RUNTIME_DIR` set and `STORESCOPE_SOCKET` unset.
        static func storescope(_ arguments: [String], runtime: String) throws -> ChildProcess.Outcome {
            try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["-u", "STORESCOPE_SOCKET", "XDG_RUNTIME_DIR=\(runtime)", try ProductLocator.url(of: "storescope").path] + arguments)
        }

        @Test("a socket in a world-writable sticky directory is refused with a private directory to use; the directory's mode is untouched")
        func sharedDirectoryGetsAPrivateSuggestion() throws {
            let directory = try TemporaryDirectory()
            let shared = directory.path("shared")
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
            #expect(chmod(shared, 0o1777) == 0)
            let runtime = directory.path("runtime")
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)

            let run = try Self.storescope(["listen", shared + "/live.sock"], runtime: runtime)
            #expect(run.status == 1)
            #expect(run.stderr == """
                Error: \(shared) has mode 1777, open to other users, so sessions there are not private; listen in a private directory instead, which storescope creates for you (mode 700): storescope listen \(runtime)/storescope/live.sock

                """)
            #expect(!run.stderr.contains("chmod"))
            let mode = try FileManager.default.attributesOfItem(atPath: shared)[.posixPermissions] as? Int
            #expect(mode == 0o1777, "the shared directory is left as it was")

            // The suggestion works as printed: the listener creates the directory 0700.
            let listener = try RunningProcess(product: "storescope", ["listen", "\(runtime)/storescope/live.sock"])
            try listener.waitForError(containing: "Listening on")
            let created = try FileManager.default.attributesOfItem(atPath: "\(runtime)/storescope")[.posixPermissions] as? Int
            #expect(created == 0o700)
            try Live.stop(listener)
        }

        @Test("when the default socket is in the shared directory itself, the suggestion is a directory of the user's own inside it")
        func defaultInTheSharedDirectory() throws {
            let directory = try TemporaryDirectory()
            let shared = directory.path("shared")
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
            #expect(chmod(shared, 0o1777) == 0)
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["STORESCOPE_SOCKET=\(shared)/app.sock", try ProductLocator.url(of: "storescope").path, "listen"])
            #expect(run.status == 1)
            #expect(run.stderr.hasSuffix("storescope listen \(shared)/storescope-\(getuid())/app.sock\n"), "\(run.stderr)")
            #expect(!run.stderr.contains("chmod"))
        }
    }
}
