/// Parses arguments against a ``CommandSpec``: `--name`, `--name value`, `--name=value`,
/// short `-x`, and `--` to end options. `--help`/`-h` are handled by the caller.
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            let option: CommandSpec.Option?
            if name.hasPrefix("--") {
                option = spec.options.first { "--" + $0.name == name }
            } else if name.count == 2, let letter = name.last {
                option = spec.options.first { $0.short == letter }
            } else {
                option = nil
            }
            guard let option else {
                throw UsageError("unknown option '\(argument)'", command: spec)
            }
            if option.valueName != nil {
                if let inlineValue {
                    parsed.values[option.name] = inlineValue
                } else if index < arguments.count {
                    parsed.values[option.name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '--\(option.name)' needs a value", command: spec)
                }
            } else {
                guard inlineValue == nil else { throw UsageError("option '--\(option.name)' takes no value", command: spec) }
                parsed.flags.insert(option.name)
            }
        }
        let required = spec.arguments.filter { !$0.isOptional }.count
        if parsed.positionals.count < required {
            let missing = spec.arguments[parsed.positionals.count]
            throw UsageError("missing \(missing.name)", command: spec)
        }
        if parsed.positionals.count > spec.arguments.count, spec.arguments.last?.isRepeated != true {
            throw UsageError("unexpected argument '\(parsed.positionals[spec.arguments.count])'", command: spec)
        }
        return parsed
    }
}
