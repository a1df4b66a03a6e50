import Foundation
import Testing

/// docs/GUIDE.md's ReSwift-style section shows the lines this fixture is instrumented with:
/// the same lines, no more and no fewer.
@Suite struct ReSwiftStyleGuideTests {
    @Test("The guide's ReSwift-style lines are exactly the fixture's lines marked // StoreScope")
    func guideShowsTheFixturesLines() throws {
        let thisFile = URL(fileURLWithPath: #filePath)
        let folder = thisFile.deletingLastPathComponent()
        let guide = try String(contentsOf: folder.appendingPathComponent("../../../docs/GUIDE.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "### 6. ReSwift-style").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let shown = Self.markedLines(block)

        var instrumented: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".swift") && file != thisFile.lastPathComponent {
            instrumented += Self.markedLines(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
        #expect(shown.count == 6)
        #expect(Set(shown) == Set(instrumented))
        #expect(shown.count == instrumented.count)
    }

    /// The lines of `text` that end in a `// StoreScope` comment, trimmed.
    static func markedLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("  // StoreScope") }
    }
}
