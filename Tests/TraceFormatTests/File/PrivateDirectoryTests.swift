import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// The one way StoreScope makes a directory for sessions: created `0700` when missing (with
/// its ancestors when asked), refused when it exists and is not private, never changed.
@Suite("Private directories")
struct PrivateDirectoryTests {
    /// What made `create` fail, or `nil` when it succeeded.
    static func failure(_ result: Result<Void, PrivateDirectory.CreationFailure>) -> PrivateDirectory.CreationFailure? {
        if case let .failure(failure) = result { failure } else { nil }
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test("A missing directory is created 0700, with its missing ancestors when asked")
    func createsPrivate() throws {
        let directory = try TemporaryDirectory()
        let nested = directory.path + "/a/b/sessions"
        #expect(Self.failure(PrivateDirectory.create(at: nested, withParents: false)) == .parentMissing(directory.path + "/a/b"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/a"))
        #expect(Self.failure(PrivateDirectory.create(at: nested, withParents: true)) == nil)
        for path in [directory.path + "/a", directory.path + "/a/b", nested] { #expect(try Self.mode(path) == 0o700, "\(path)") }
        // Again: it exists and is private.
        #expect(Self.failure(PrivateDirectory.create(at: nested, withParents: true)) == nil)
    }

    @Test("An existing directory open to others, a file and a symbolic link are refused and left as they were")
    func refusesAndKeeps() throws {
        let directory = try TemporaryDirectory()
        let shared = directory.path + "/shared", file = directory.path + "/file", link = directory.path + "/link"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        #expect(Self.failure(PrivateDirectory.create(at: shared, withParents: true)) == .notPrivate(.open(permissions: 0o755)))
        #expect(try Self.mode(shared) == 0o755, "a shared directory is never chmod-ed")
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(Self.failure(PrivateDirectory.create(at: file, withParents: true)) == .notPrivate(.notADirectory))
        let target = directory.path + "/target"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(Self.failure(PrivateDirectory.create(at: link, withParents: true)) == .notPrivate(.notADirectory))
    }

    @Test("For private files, a directory may be readable by others, not writable by them unless sticky", arguments: [
        (0o700, true), (0o755, true), (0o750, true), (0o1777, true), (0o775, false), (0o757, false), (0o777, false),
    ])
    func privateFiles(mode: Int, accepted: Bool) throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path + "/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(chmod(folder, mode_t(mode)) == 0)
        let problem = PrivateDirectory.problem(at: folder, for: .privateFiles)
        #expect(accepted ? problem == nil : problem == .open(permissions: UInt32(mode)), "\(String(mode, radix: 8))")
        #expect(PrivateDirectory.problem(at: folder) == (mode == 0o700 ? nil : .open(permissions: UInt32(mode))), "a socket's directory stays 0700")
    }

    @Test("A temporary directory is new, private and named by its prefix")
    func temporary() throws {
        let directory = try TemporaryDirectory()
        guard case let .success(made) = PrivateDirectory.makeTemporary(in: directory.path, prefix: "storescope-sessions-") else {
            Issue.record("mkdtemp failed")
            return
        }
        #expect(made.hasPrefix(directory.path + "/storescope-sessions-") && made.count == directory.path.count + 27)
        #expect(try Self.mode(made) == 0o700)
        #expect(PrivateDirectory.problem(at: made) == nil)
    }
}
