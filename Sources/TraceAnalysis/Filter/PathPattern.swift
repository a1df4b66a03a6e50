/// A path into a state as users write it, `.users[3].name`, `.scores["ada"]`, `.selected?`,
/// `.screen/detail.title` (the `title` of `screen` when it is the case `detail`), with `[*]`
/// standing for any index or key. The root is `` (empty) or `.`.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One step of the pattern.
    public enum Step: Sendable, Hashable {
        /// A struct field or labeled enum payload.
        case field(String)
        /// An array position or an unlabeled payload by position.
        case index(Int)
        /// A dictionary key or set element, written as the key's short rendering (`"ada"`, `3`).
        case key(String)
        /// The wrapped value of an optional: `?`.
        case some
        /// `/name`: the enum here is the case `name`; the step into its associated values
        /// follows. It names no node of its own: the recorded paths have no step for it.
        case `case`(String)
        /// `[*]`: any index or key.
        case any
    }

    /// The steps from the root.
    public var steps: [Step]
    /// The pattern as written.
    public var description: String

    /// Creates a pattern from its steps.
    public init(steps: [Step], description: String) {
        self.steps = steps
        self.description = description
    }

    /// Whether the pattern has a `[*]` step.
    public var hasWildcard: Bool { steps.contains(.any) }

    /// Parses `text`.
    ///
    /// - Throws: ``PathPatternError`` with the 0-based character offset of the problem.
    public init(parsing text: String) throws(PathPatternError) {
        let characters = Array(text)
        var steps: [Step] = []
        var i = 0
        func isNameCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "$" }
        if characters == ["."] { i = 1 }
        while i < characters.count {
            switch characters[i] {
            case ".", "/":
                let isCase = characters[i] == "/"
                var j = i + 1
                while j < characters.count, isNameCharacter(characters[j]) { j += 1 }
                guard j > i + 1 else {
                    throw PathPatternError(offset: i + 1, message: "expected a \(isCase ? "case" : "field") name after '\(characters[i])'")
                }
                let name = String(characters[(i + 1)..<j])
                steps.append(isCase ? .case(name) : .field(name))
                i = j
            case "?":
                steps.append(.some)
                i += 1
            case "[":
                guard let close = Self.closingBracket(characters, from: i + 1) else {
                    throw PathPatternError(offset: i, message: "'[' is not closed by ']'")
                }
                let inside = String(characters[(i + 1)..<close])
                if inside == "*" {
                    steps.append(.any)
                } else if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else if inside.isEmpty {
                    throw PathPatternError(offset: i + 1, message: "expected an index, a key or * inside []")
                } else {
                    steps.append(.key(inside))
                }
                i = close + 1
            default:
                if steps.isEmpty, isNameCharacter(characters[i]) {
                    // A leading field may omit its dot: `users[3]` is `.users[3]`.
                    var j = i
                    while j < characters.count, isNameCharacter(characters[j]) { j += 1 }
                    steps.append(.field(String(characters[i..<j])))
                    i = j
                } else {
                    throw PathPatternError(offset: i, message: "unexpected '\(characters[i])' in a path (use .field, [index], [\"key\"], [*], ? or /case)")
                }
            }
        }
        self.init(steps: steps, description: text)
    }

    /// The `]` that closes a bracket opened before `start`, skipping quoted text.
    private static func closingBracket(_ characters: [Character], from start: Int) -> Int? {
        var i = start
        var quoted = false
        while i < characters.count {
            let c = characters[i]
            if quoted, c == "\\" { i += 2; continue }
            if c == "\"" { quoted.toggle() } else if c == "]" && !quoted { return i }
            i += 1
        }
        return nil
    }

    /// Whether one step of a concrete path matches a step of the pattern.
    static func step(_ step: Step, matches component: PathComponent) -> Bool {
        switch (step, component) {
        case let (.field(name), .field(other)): name == other
        case let (.index(i), .index(j)): i == j
        case (.any, .index), (.any, .key): true
        case let (.key(text), .key(key)): Self.keyText(text, names: key)
        case (.some, .some): true
        default: false
        }
    }

    /// Whether `text` names `key`: its short form (`"a"`, `3`, `.done`), or a string key
    /// written without quotes. A string key's short form is quoted, so it is built only when
    /// `text` starts with a quote and is long enough: a key step looked up in a dictionary of a
    /// million entries built a million strings.
    private static func keyText(_ text: String, names key: TraceValue) -> Bool {
        guard case let .string(string) = key else { return text == key.shortDescription }
        if text == string { return true }
        guard text.utf8.first == UInt8(ascii: "\""), text.utf8.count >= string.utf8.count + 2 else { return false }
        return text == key.shortDescription
    }

    /// The steps a walk over a value takes: optionals are looked through.
    var unwrappedSteps: [Step] { steps.filter { $0 != .some } }

    /// The steps that match a recorded path's components one for one: neither optionals nor
    /// case steps, which recorded paths have no component for (a case is checked only where
    /// the value is at hand).
    var componentSteps: [Step] {
        steps.filter {
            if case .case = $0 { return false }
            return $0 != .some
        }
    }

    /// Whether `operation` changes what the pattern names: its path is the pattern, lies under
    /// it, or contains it. An insert, remove or move in an array also changes every later
    /// position, so `[i]` at its end overlaps the pattern's `[j]` for any `j ≥ i`.
    public func overlaps(_ operation: PatchOperation) -> Bool {
        let steps = componentSteps, path = operation.path.filter { $0 != .some }
        var shifting = false
        switch operation {
        case .insert, .remove, .move: shifting = true
        case .set: break
        }
        for (position, (step, component)) in zip(steps, path).enumerated() {
            if shifting, position == path.count - 1, case let .index(from) = component {
                if case let .index(to) = step {
                    let lowest: Int
                    if case let .move(_, target) = operation { lowest = min(from, target) } else { lowest = from }
                    if to >= lowest { continue }
                    return false
                }
            }
            if !Self.step(step, matches: component) { return false }
        }
        return true
    }

    /// The shortest prefix of `path` the pattern names (its optional steps aside), or `nil`
    /// when `path` does not reach that deep.
    public func concretePrefix(of path: [PathComponent]) -> [PathComponent]? {
        let wanted = componentSteps.count
        var taken = 0, length = 0
        while taken < wanted {
            guard length < path.count else { return nil }
            if path[length] != .some { taken += 1 }
            length += 1
        }
        return Array(path.prefix(length))
    }

    /// `path` continued with the pattern's steps past its length, when they name one place
    /// (no `[*]`): how an operation on `.users[3]` reaches `.users[*].name`, as `.users[3].name`.
    public func extending(_ path: [PathComponent]) -> [PathComponent]? {
        let steps = componentSteps
        let depth = path.filter { $0 != .some }.count
        guard depth <= steps.count else { return nil }
        var result = path
        for step in steps[depth...] {
            switch step {
            case let .field(name): result.append(.field(name))
            case let .index(index): result.append(.index(index))
            case let .key(text):
                guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
                result.append(.key(.string(String(text.dropFirst().dropLast()))))
            case .some, .any, .case: return nil
            }
        }
        return result
    }

    /// The pattern text of its first `count` steps.
    public func prefix(_ count: Int) -> PathPattern {
        let steps = Array(steps.prefix(count))
        let text = steps.map { step -> String in
            switch step {
            case let .field(name): "." + name
            case let .index(index): "[\(index)]"
            case let .key(text): "[\(text)]"
            case .some: "?"
            case .any: "[*]"
            case let .case(name): "/" + name
            }
        }.joined()
        return PathPattern(steps: steps, description: text)
    }
}

extension Array where Element == PathPattern {
    /// The operations of `operations` that change what any of these patterns names
    /// (``PathPattern/overlaps(_:)``), in order: the changes a question about these paths asks
    /// for (`log 'path:.x'`, the viewer's changes column under such a filter). None when the
    /// patterns are none.
    public func operations(overlapping operations: [PatchOperation]) -> [PatchOperation] {
        isEmpty ? [] : operations.filter { operation in contains { $0.overlaps(operation) } }
    }
}
