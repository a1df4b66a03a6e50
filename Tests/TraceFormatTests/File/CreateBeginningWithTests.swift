import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

/// A session file appears with its header or not at all (`TraceFile.create(_:beginningWith:)`):
/// a listener SIGKILLed between creating a file and writing its header once left an empty
/// `.sstrace` that every reader called "not a StoreScope trace".
@Suite("Creating a file with its first bytes")
struct CreateBeginningWithTests {
    private static func names(in directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("the file holds the bytes, is 0600, and no hidden staging file is left")
    func created() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app-1.sstrace")
        let file = try TraceFile.create(path, beginningWith: [1, 2, 3])
        try [UInt8]([4]).withRawBytes { (raw) throws(TraceError) in try file.write(raw) }
        file.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3, 4]), "writes go on after the bytes")
        #expect(try Self.names(in: directory) == ["app-1.sstrace"])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(file.path == path, "errors name the file, not its staging name")
    }

    @Test("anything already at the path fails it with EEXIST, untouched, and a stale staging file a killed writer left is reused and removed")
    func exclusive() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app-1.sstrace")
        try Data([9, 9]).write(to: URL(fileURLWithPath: path))
        try Data([7]).write(to: URL(fileURLWithPath: directory.path(".app-1.sstrace.creating")))
        #expect {
            _ = try TraceFile.create(path, beginningWith: [1])
        } throws: { error in
            guard case let .io(_, _, code, _)? = error as? TraceError else { return false }
            return code == Errno.alreadyExists.code
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([9, 9]))
        #expect(try Self.names(in: directory) == ["app-1.sstrace"], "the staging file is gone")

        let other = directory.path("app-2.sstrace")
        try Data([7, 7, 7]).write(to: URL(fileURLWithPath: directory.path(".app-2.sstrace.creating")))
        _ = try TraceFile.create(other, beginningWith: [5])
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == Data([5]), "a stale staging file's bytes are not kept")
        #expect(try Self.names(in: directory) == ["app-1.sstrace", "app-2.sstrace"])
    }
}
