/// The command reference, docs/CLI.md, rendered as Markdown from the commands' own specs, so
/// it says exactly what `--help` says: `storescope help --markdown > docs/CLI.md` refreshes it
/// (a test fails when the committed file differs).
enum CommandReference {
    /// The command that writes the reference.
    static let refreshCommand = "swift run storescope help --markdown > docs/CLI.md"

    /// The whole reference: the overview, a table of the commands, then each command's section.
    static func markdown(_ commands: [any Command.Type]) -> String {
        var lines = [
            "# storescope command reference",
            "",
            "<!-- Generated from the commands' specs by `\(refreshCommand)`; do not edit. -->",
            "",
            "`storescope` records, inspects and replays Redux-style store sessions. Each command's",
            "section says what `storescope COMMAND --help` prints.",
            "",
            "```",
            StoreScopeCLI.usage,
            "```",
            "",
            "| command | what it does |",
            "|---|---|",
        ]
        lines += commands.map { "| [`\($0.spec.name)`](#\($0.spec.name)) | \(cell($0.spec.abstract)) |" }
        for command in commands { lines += [""] + section(command.spec) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command: its abstract, synopsis, arguments, options and discussion.
    static func section(_ spec: CommandSpec) -> [String] {
        var lines = ["## \(spec.name)", "", prose(spec.abstract), "", "```", HelpText.synopsis(spec), "```"]
        if !spec.arguments.isEmpty {
            lines += ["", "| argument | |", "|---|---|"]
            lines += spec.arguments.map { "| `\($0.name)` | \(cell($0.help)) |" }
        }
        lines += ["", "| option | |", "|---|---|"]
        lines += spec.options.map { "| `\(HelpText.optionName($0))` | \(cell($0.help)) |" }
        lines.append("| `-h, --help` | Show this help. |")
        if !spec.discussion.isEmpty { lines += [""] + discussion(spec.discussion) }
        return lines
    }

    /// The discussion's paragraphs as prose, and its indented lines (examples, key tables) and
    /// command lines as preformatted blocks, their columns kept.
    static func discussion(_ text: String) -> [String] {
        var lines: [String] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let preformatted = line.hasPrefix(" ") || line.hasPrefix(HelpText.toolName + " ")
            if preformatted != inBlock {
                if preformatted, lines.last?.isEmpty == false { lines.append("") }
                lines.append("```")
                if !preformatted, !line.isEmpty { lines.append("") }
                inBlock = preformatted
            }
            lines.append(preformatted ? line : prose(line))
        }
        if inBlock { lines.append("```") }
        return lines
    }

    /// `text` as Markdown prose: the characters Markdown would read as markup are escaped, and
    /// so is a line start that would begin a heading, list or quote.
    static func prose(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_<>[]|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        let trimmed = escaped.drop { $0 == " " }
        let startsBlock = ["#", "-", "+", "=", ">"].contains { trimmed.hasPrefix($0) }
            || trimmed.prefix { $0.isNumber }.count > 0 && [".", ")"].contains { trimmed.drop { $0.isNumber }.hasPrefix($0) }
        return startsBlock ? "\\" + trimmed : escaped
    }

    /// `text` as one cell of a Markdown table.
    static func cell(_ text: String) -> String {
        prose(text.split(separator: "\n").joined(separator: " "))
    }
}
