extension TypeNames {
    /// The name a trace gives `type`: as the app's source spells it from its outermost type,
    /// without module names (`AppFeature.State`, `Array<User>`,
    /// `PresentationState<AppFeature.Destination.State>`), so a nested type is told apart from
    /// another of the same name (TCA's many `State`s) and a test in the app's module can name
    /// it. A private type keeps its name (`Row` for the runtime's `(Row in _0F3A…)`); a type
    /// declared inside a function is named from there on, as nothing outside can name it.
    ///
    /// Built from `_typeName(_:qualified: true)`, which the runtime spells with every module
    /// (`TodosApp.AppFeature.State`, `Swift.Array<TodosApp.User>`).
    static func readableName(of type: Any.Type) -> String {
        withoutModules(_typeName(type, qualified: true))
    }

    /// `qualified` (a runtime's qualified type name) without its module names, private
    /// discriminators, local contexts and extension contexts.
    static func withoutModules(_ qualified: String) -> String {
        var name = Substring(qualified)
        var result = ""
        result.reserveCapacity(qualified.utf8.count)
        // Whether the next identifier continues a dotted chain (`Outer.Inner`, `Outer<Int>.Inner`)
        // rather than starting one, whose first identifier is a module.
        var continuesChain = false
        // Where the current chain starts in `result`: a local context drops what came before it.
        var chainStart = result.endIndex
        while let first = name.first {
            if first == "(", let context = name.dropFirst().firstRange(of: ")") {
                let inside = name[name.index(after: name.startIndex)..<context.lowerBound]
                let after = name[context.upperBound...]
                if inside.hasPrefix("unknown context at ") {
                    // A local context: the type is named from there on.
                    result = String(result[..<chainStart])
                    name = after.first == "." ? after.dropFirst() : after
                    continuesChain = true
                    continue
                }
                if inside.hasPrefix("extension in "), after.first == ":" {
                    // `(extension in M):Other.Type.Nested`: the type's own chain follows.
                    name = after.dropFirst()
                    continuesChain = false
                    continue
                }
                if let discriminator = inside.firstRange(of: " in _"), !inside[..<discriminator.lowerBound].contains(where: Self.endsIdentifier) {
                    // `(Row in _0F3A…)`: a private type, named by its own name.
                    if !continuesChain { chainStart = result.endIndex }
                    result += inside[..<discriminator.lowerBound]
                    name = after
                    continuesChain = true
                    continue
                }
            }
            if Self.endsIdentifier(first) {
                result.append(first)
                name = name.dropFirst()
                continuesChain = first == "." || first == ">" && name.first == "."
                continue
            }
            let identifier = name.prefix { !Self.endsIdentifier($0) }
            let rest = name[identifier.endIndex...]
            // A chain's first identifier followed by another one is a module (`Any.Type` has none).
            if !continuesChain { chainStart = result.endIndex }
            if !continuesChain, identifier != "Any", rest.first == ".", let next = rest.dropFirst().first, next == "(" || !Self.endsIdentifier(next) {
                name = rest.dropFirst()
                continuesChain = next != "("
                continue
            }
            result += identifier
            name = rest
            continuesChain = false
        }
        return result
    }

    /// Whether `character` is punctuation of a type name rather than part of an identifier.
    private static func endsIdentifier(_ character: Character) -> Bool {
        switch character {
        case ".", "<", ">", ",", " ", "(", ")", "[", "]", ":", "?", "!", "-", "&": true
        default: false
        }
    }
}
