import Foundation
import StoreScopeSamples
import StoreScopeTestSupport
import Testing

/// The checked-in generated tests are what `storescope test` writes now: regenerating them from
/// their own fixtures with the built binary gives the same files, byte for byte.
@Suite("Checked-in generated replay tests", .tags(.process))
struct CheckedInReplayTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The lines of samples.tsv, as regenerate.sh reads them: sample name, reducer expression.
    static func manifest() throws -> [(sample: String, reducer: String)] {
        try String(contentsOf: folder.appendingPathComponent("samples.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { line in
                let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
                try #require(fields.count == 2, "bad line in samples.tsv: \(line)")
                return (fields[0], fields[1])
            }
    }

    /// `todos` -> `TodosReplayTests`, as regenerate.sh names them.
    static func baseName(_ sample: String) -> String { sample.prefix(1).uppercased() + sample.dropFirst() + "ReplayTests" }

    @Test("samples.tsv covers exactly the five in-repo samples")
    func manifestCoversTheSamples() throws {
        #expect(try Self.manifest().map(\.sample) == Samples.names)
    }

    @Test("Each checked-in generated test equals what storescope test writes from its fixture now", arguments: Samples.names)
    func checkedInEqualsGenerated(sample: String) throws {
        let reducer = try #require(try Self.manifest().first { $0.sample == sample }?.reducer)
        let name = Self.baseName(sample)
        let directory = try TemporaryDirectory()
        let run = try ChildProcess.run(product: "storescope", [
            "test", Self.folder.appendingPathComponent("\(name).sstrace").path, "--module", "StoreScopeSamples", "--reducer", reducer,
            "--output", directory.path("\(name).swift"),
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let written = try String(contentsOfFile: directory.path("\(name).swift"), encoding: .utf8)
        let checkedIn = try String(contentsOf: Self.folder.appendingPathComponent("\(name).swift"), encoding: .utf8)
        #expect(written == checkedIn, "Tests/GeneratedReplayTests/\(name).swift is stale: run Tests/GeneratedReplayTests/regenerate.sh")
        let copied = try Data(contentsOf: URL(fileURLWithPath: directory.path("\(name).sstrace")))
        #expect(copied == (try Data(contentsOf: Self.folder.appendingPathComponent("\(name).sstrace"))))
    }
}
