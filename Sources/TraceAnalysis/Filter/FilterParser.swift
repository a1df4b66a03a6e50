/// Parses the filter language (docs/FILTERS.md) by recursive descent:
///
/// ```
/// filter  = [or]
/// or      = and { "or" and }
/// and     = not { ["and"] not }          (terms side by side are joined by and)
/// not     = "not" not | "(" or ")" | term
/// term    = FIELD ":" VALUE | WORD | "quoted text"
/// ```
///
/// Nesting (`(` and `not`) is bounded by ``maximumDepth``: each level is a few recursive
/// calls deep, so an unbounded filter (`((((…` two thousand times) would overflow the stack
/// and kill the process instead of getting an error. Chains of `and` and `or` are not
/// nesting: their operands are built into a balanced tree, so a filter of any number of
/// conditions is evaluated (and destroyed) at a recursion depth of its logarithm.
struct FilterParser {
    /// How deep `(` and `not` may nest: far beyond any filter a person writes, far below
    /// what the stack of a debug build (or a thread's 512 KiB) holds.
    static let maximumDepth = 100

    private struct Token {
        enum Kind: Equatable { case open, close, and, or, not, word, quoted }
        var kind: Kind
        var text: String
        /// 0-based character offset.
        var offset: Int
    }

    private let text: String
    private var tokens: [Token] = []
    private var position = 0
    private var tokenizeError: FilterError?
    /// How many `(` and `not` enclose the condition being parsed.
    private var depth = 0

    init(_ text: String) {
        self.text = text
        do throws(FilterError) {
            tokens = try Self.tokenize(text)
        } catch {
            tokenizeError = error
        }
    }

    static let fields = ["action", "store", "path", "effect", "outcome", "seq", "time", "reducer", "duration", "mark", "text"]

    mutating func parse() throws(FilterError) -> Filter.Expression {
        if let tokenizeError { throw tokenizeError }
        guard !tokens.isEmpty else { return .all }
        let expression = try parseOr()
        if position < tokens.count {
            let token = tokens[position]
            throw error(at: token.offset, token.kind == .close ? "')' has no matching '('" : "expected 'and', 'or' or the end of the filter")
        }
        return expression
    }

    // MARK: - Grammar

    private mutating func parseOr() throws(FilterError) -> Filter.Expression {
        var operands = [try parseAnd()]
        while let token = peek, token.kind == .or {
            position += 1
            operands.append(try parseAnd(after: token))
        }
        return Self.balanced(operands[...], Filter.Expression.or)
    }

    private mutating func parseAnd(after previous: Token? = nil) throws(FilterError) -> Filter.Expression {
        var operands = [try parseNot(after: previous)]
        while let token = peek, token.kind != .or, token.kind != .close {
            if token.kind == .and {
                position += 1
                operands.append(try parseNot(after: token))
            } else {
                operands.append(try parseNot(after: nil))
            }
        }
        return Self.balanced(operands[...], Filter.Expression.and)
    }

    /// `a ∘ b ∘ c ∘ d` as `(a ∘ b) ∘ (c ∘ d)`: the same meaning for an associative `∘`, the
    /// same left-to-right order of evaluation, and a depth of log₂ of the operand count.
    private static func balanced(
        _ operands: ArraySlice<Filter.Expression>, _ combine: (Filter.Expression, Filter.Expression) -> Filter.Expression
    ) -> Filter.Expression {
        if operands.count == 1 { return operands[operands.startIndex] }
        let middle = operands.startIndex + operands.count / 2
        return combine(balanced(operands[..<middle], combine), balanced(operands[middle...], combine))
    }

    /// Enters one level of `(` or `not` at `token`, or refuses past ``maximumDepth``.
    private mutating func enter(_ token: Token) throws(FilterError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error(at: token.offset, "the filter nests deeper than \(Self.maximumDepth) levels of '(' and 'not'")
        }
    }

    private mutating func parseNot(after previous: Token?) throws(FilterError) -> Filter.Expression {
        guard let token = peek else {
            let end = text.count
            if let previous { throw error(at: end, "expected a condition after '\(previous.text)'") }
            throw error(at: end, "expected a condition")
        }
        position += 1
        switch token.kind {
        case .not:
            try enter(token)
            defer { depth -= 1 }
            return .not(try parseNot(after: token))
        case .open:
            if let next = peek, next.kind == .close { throw error(at: next.offset, "expected a condition inside '()'") }
            try enter(token)
            defer { depth -= 1 }
            let inner = try parseOr()
            guard let close = peek, close.kind == .close else {
                throw error(at: peek?.offset ?? text.count, "expected ')' to close the '(' at column \(token.offset + 1)")
            }
            position += 1
            return inner
        case .close:
            throw error(at: token.offset, previous.map { "expected a condition after '\($0.text)', not ')'" } ?? "')' has no matching '('")
        case .and, .or:
            throw error(at: token.offset, previous.map { "expected a condition after '\($0.text)', not '\(token.text)'" } ?? "expected a condition before '\(token.text)'")
        case .quoted:
            return .term(.text(token.text.lowercased()))
        case .word:
            return .term(try term(token))
        }
    }

    private var peek: Token? { position < tokens.count ? tokens[position] : nil }

    // MARK: - Terms

    private func term(_ token: Token) throws(FilterError) -> FilterTerm {
        guard let colon = token.text.firstIndex(of: ":") else { return .text(token.text.lowercased()) }
        let field = String(token.text[..<colon]).lowercased()
        let value = String(token.text[token.text.index(after: colon)...])
        let valueOffset = token.offset + field.count + 1
        guard Self.fields.contains(field) else {
            throw error(at: token.offset, "unknown field '\(field)' (known: \(Self.fields.filter { $0 != "duration" }.joined(separator: ", ")))")
        }
        guard !value.isEmpty else { throw error(at: valueOffset, "expected a value after '\(field):'") }
        let raw = Self.unquoted(value)
        switch field {
        case "action": return .action(Glob(raw))
        case "store": return .store(Glob(raw))
        case "mark": return .mark(Glob(raw))
        case "text": return .text(raw.lowercased())
        case "path":
            do throws(PathPatternError) {
                return .path(try PathPattern(parsing: value))
            } catch {
                throw self.error(at: valueOffset + error.offset, error.message)
            }
        case "effect":
            guard let at = value.lastIndex(of: "@") else { return .effect(Glob(raw), nil) }
            let name = String(value[..<at]), outcome = String(value[value.index(after: at)...])
            let outcomeOffset = valueOffset + name.count + 1
            return .effect(Glob(name.isEmpty ? "*" : Self.unquoted(name)), try self.outcome(outcome, at: outcomeOffset))
        case "outcome":
            return .effect(Glob("*"), try outcome(value, at: valueOffset))
        case "seq":
            return .seq(try range(value, at: valueOffset, what: "a sequence number") { UInt64($0.hasPrefix("#") ? String($0.dropFirst()) : $0) })
        case "time":
            return .time(try range(value, at: valueOffset, what: "a time since the session start such as 1.5s") { DurationText.nanoseconds($0) })
        default:
            return .reducer(try range(value, at: valueOffset, what: "a duration such as 1ms") { DurationText.nanoseconds($0) })
        }
    }

    private func outcome(_ text: String, at offset: Int) throws(FilterError) -> EffectSummary.State.Kind {
        guard let kind = EffectSummary.State.Kind(rawValue: text.lowercased()) else {
            throw error(at: offset, "unknown effect outcome '\(text)' (known: running, finished, cancelled, failed)")
        }
        return kind
    }

    private func range(_ text: String, at offset: Int, what: String, number: (String) -> UInt64?) throws(FilterError) -> NumericRange {
        switch NumericRange.parse(text, number: number) {
        case let .success(range): return range
        case let .failure(problem): throw error(at: offset + problem.offset, "\(problem.message): expected \(what)")
        }
    }

    private func error(at offset: Int, _ message: String) -> FilterError {
        FilterError(filter: text, column: offset + 1, message: message)
    }

    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return value }
        return String(value.dropFirst().dropLast())
    }

    // MARK: - Tokens

    /// Splits on spaces, parentheses, `&&` and `||`, and takes a `!` at the start of a word as
    /// `not` (`!action:fetch`, `a&&b`, as C and shells write them); a `"` opens a quoted run
    /// (with `\"` and `\\`) that may hold all of them, inside or at the start of a word.
    private static func tokenize(_ text: String) throws(FilterError) -> [Token] {
        let characters = Array(text)
        var tokens: [Token] = []
        var i = 0
        /// Whether `&&` or `||` starts at `j`.
        func isOperator(_ j: Int) -> Bool {
            j + 1 < characters.count && (characters[j] == "&" || characters[j] == "|") && characters[j + 1] == characters[j]
        }
        while i < characters.count {
            let c = characters[i]
            if c.isWhitespace { i += 1; continue }
            if c == "(" { tokens.append(Token(kind: .open, text: "(", offset: i)); i += 1; continue }
            if c == ")" { tokens.append(Token(kind: .close, text: ")", offset: i)); i += 1; continue }
            if c == "!" { tokens.append(Token(kind: .not, text: "!", offset: i)); i += 1; continue }
            if isOperator(i) {
                tokens.append(Token(kind: c == "&" ? .and : .or, text: String(characters[i...(i + 1)]), offset: i))
                i += 2
                continue
            }
            let start = i
            var word = ""
            var quotedWhole = c == "\""
            var quoteStart = 0
            var inQuote = false
            while i < characters.count {
                let d = characters[i]
                if inQuote {
                    if d == "\\", i + 1 < characters.count {
                        word.append(characters[i + 1])
                        i += 2
                        continue
                    }
                    if d == "\"" { inQuote = false; i += 1; if !quotedWhole { word.append("\"") }; continue }
                    word.append(d)
                    i += 1
                    continue
                }
                if d.isWhitespace || d == "(" || d == ")" || isOperator(i) { break }
                if d == "\"" {
                    inQuote = true
                    quoteStart = i
                    if i != start { word.append("\"") }
                    i += 1
                    continue
                }
                if quotedWhole, i > start { quotedWhole = false }
                word.append(d)
                i += 1
            }
            if inQuote {
                throw FilterError(filter: text, column: quoteStart + 1, message: "the quote is not closed")
            }
            if quotedWhole {
                tokens.append(Token(kind: .quoted, text: word, offset: start))
                continue
            }
            let kind: Token.Kind
            switch word.lowercased() {
            case "and": kind = .and
            case "or": kind = .or
            case "not": kind = .not
            default: kind = .word
            }
            tokens.append(Token(kind: kind, text: word, offset: start))
        }
        return tokens
    }
}
