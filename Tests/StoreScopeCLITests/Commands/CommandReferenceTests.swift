import Foundation
@testable import StoreScopeCLI
import StoreScopeTestSupport
import Testing

/// docs/CLI.md is rendered from the commands' own specs, so it cannot drift from `--help`.
@Suite("The command reference, docs/CLI.md")
struct CommandReferenceTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../docs/CLI.md").standardized

    @Test("docs/CLI.md is what the commands' specs render now")
    func committedReferenceIsCurrent() throws {
        let committed = try String(contentsOf: Self.path, encoding: .utf8)
        let rendered = CommandReference.markdown(StoreScopeCLI.commands)
        let firstDifference = zip(committed.split(separator: "\n", omittingEmptySubsequences: false),
                                  rendered.split(separator: "\n", omittingEmptySubsequences: false))
            .enumerated().first { $0.element.0 != $0.element.1 }
            .map { "line \($0.offset + 1): the file has \"\($0.element.0)\", the specs give \"\($0.element.1)\"" }
        // Recorded as an issue of its own rather than an #expect of the two texts, so the failure
        // says what to run instead of printing two copies of the reference.
        if committed != rendered {
            Issue.record("""
                docs/CLI.md is out of date with the commands' specs (\(firstDifference ?? "the line counts differ")); \
                refresh it with: \(CommandReference.refreshCommand)
                """)
        }
    }

    @Test("storescope help --markdown prints the reference, a section per command with its synopsis and every option")
    func binaryPrintsTheReference() throws {
        let run = try InProcess.storescope(["help", "--markdown"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        try #require(run.stdout == CommandReference.markdown(StoreScopeCLI.commands))
        for command in StoreScopeCLI.commands {
            let spec = command.spec
            #expect(run.stdout.contains("\n## \(spec.name)\n"), "a section for \(spec.name)")
            #expect(run.stdout.contains("\n```\n\(HelpText.synopsis(spec))\n```\n"), "the synopsis of \(spec.name)")
            for option in spec.options {
                #expect(run.stdout.contains("| `\(HelpText.optionName(option))` |"), "\(spec.name) --\(option.name)")
            }
        }
    }

    @Test("A discussion's command lines and indented lines stay preformatted; markup characters in prose are escaped")
    func discussionRendering() {
        let lines = CommandReference.discussion("""
            storescope view FILE [FILTER]
            Keys, as storescope <command> --help says:
              j k  ↓ ↑          next / previous action
              g G  Home End     first / last action
            - not a list, *not* emphasis.
            """)
        #expect(lines == [
            "```",
            "storescope view FILE [FILTER]",
            "```",
            "",
            "Keys, as storescope \\<command\\> --help says:",
            "",
            "```",
            "  j k  ↓ ↑          next / previous action",
            "  g G  Home End     first / last action",
            "```",
            "",
            "\\- not a list, \\*not\\* emphasis.",
        ])
    }
}
