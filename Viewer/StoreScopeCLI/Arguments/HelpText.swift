/// Renders help and usage lines from a ``CommandSpec``.
enum HelpText {
    static let toolName = "storescope"

    static func usage(_ spec: CommandSpec) -> String {
        "Usage: " + synopsis(spec)
    }

    /// The command line the command takes: `storescope check [options] FILE`.
    static func synopsis(_ spec: CommandSpec) -> String {
        var parts = [toolName, spec.name]
        if !spec.options.isEmpty { parts.append("[options]") }
        for argument in spec.arguments {
            parts.append(argument.isOptional ? "[\(argument.name)]" : argument.name)
        }
        return parts.joined(separator: " ")
    }

    /// How an option is written: `--json`, `-n, --lines N`.
    static func optionName(_ option: CommandSpec.Option) -> String {
        var name = option.short.map { "-\($0), " } ?? ""
        name += "--" + option.name
        if let value = option.valueName { name += " " + value }
        return name
    }

    static func help(_ spec: CommandSpec) -> String {
        var lines = ["\(spec.abstract)", "", usage(spec)]
        if !spec.arguments.isEmpty {
            lines += ["", "Arguments:"]
            lines += spec.arguments.map { row($0.name, $0.help) }
        }
        lines += ["", "Options:"]
        lines += spec.options.map { option in
            row((option.short == nil ? "    " : "") + optionName(option), option.help)
        }
        lines.append(row("-h, --help", "Show this help."))
        if !spec.discussion.isEmpty { lines += ["", spec.discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    static func row(_ name: String, _ help: String) -> String {
        let padded = name.count < 24 ? name + String(repeating: " ", count: 24 - name.count) : name + "  "
        return "  " + padded + help
    }
}
