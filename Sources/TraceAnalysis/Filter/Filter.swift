/// A query over the actions of a trace, written in the filter language of docs/FILTERS.md
/// and shared by every command and the interactive viewer.
///
/// ```
/// action:search* and reducer:>1ms
/// path:.users[*].name or (effect:fetch@failed and not store:settings)
/// seq:100..200 "timeout"
/// ```
///
/// Parse a filter with ``init(parsing:)``; ask whether an action matches with
/// ``matches(_:in:)``. A filter is a value: it holds no reference to any trace.
public struct Filter: Sendable, Hashable, CustomStringConvertible {
    /// The parsed expression.
    public var expression: Expression
    /// The text it was parsed from.
    public var description: String

    /// A filter expression.
    public indirect enum Expression: Sendable, Hashable {
        /// Every action.
        case all
        /// One condition.
        case term(FilterTerm)
        /// Both sides match.
        case and(Expression, Expression)
        /// Either side matches.
        case or(Expression, Expression)
        /// The operand does not match.
        case not(Expression)
    }

    /// The filter that matches every action.
    public static let all = Filter(expression: .all, description: "")

    /// Creates a filter from an expression (its text is used in messages only).
    public init(expression: Expression, description: String) {
        self.expression = expression
        self.description = description
    }

    /// Parses `text`; the empty text (or only spaces) matches every action.
    ///
    /// - Throws: ``FilterError`` with the 1-based column of the first character that does not
    ///   fit the language.
    public init(parsing text: String) throws(FilterError) {
        var parser = FilterParser(text)
        self.init(expression: try parser.parse(), description: text)
    }

    /// The sequence numbers the filter can match at all, from its `seq:` conditions (`nil`:
    /// no bound), so a search can skip the rest of the trace: `seq:500.. and path:.x` reads
    /// from action 500 on.
    public var seqBounds: ClosedRange<UInt64>? { expression.seqBounds }

    /// The paths the filter asks about: its `path:` conditions that are not negated. An answer
    /// is scoped to them (`log 'path:.unreadCount'` prints the changes under `.unreadCount`,
    /// not every message the same action inserted).
    public var askedPaths: [PathPattern] { expression.askedPaths }

    /// Whether `action` matches.
    ///
    /// - Parameters:
    ///   - action: the action and what it did.
    ///   - context: answers the questions an action alone cannot (effect names and outcomes,
    ///     changes recorded as a keyframe).
    public func matches(_ action: ActionEntry, in context: some FilterContext) -> Bool {
        expression.matches(action, context)
    }
}

/// What a filter may need to know beyond the action itself. ``TraceSession`` provides it.
public protocol FilterContext {
    /// The effect with this id, when the trace knows it.
    func effect(_ id: UInt64) -> EffectSummary?
    /// The effects the action `seq` started.
    func effects(startedBy seq: UInt64) -> [EffectSummary]
    /// The operations the action changed its store's state with (its patch, or a diff when
    /// the state was recorded as a keyframe); `nil` when unknown.
    func changes(of action: ActionEntry) -> [PatchOperation]?
}

extension Filter.Expression {
    var seqBounds: ClosedRange<UInt64>? {
        switch self {
        case let .term(.seq(range)):
            let lower = range.lower ?? 0, upper = range.upper ?? .max
            return lower <= upper ? lower...upper : nil
        case let .and(a, b):
            switch (a.seqBounds, b.seqBounds) {
            case let (x?, y?): return x.clamped(to: y)
            case let (x?, nil): return x
            case let (nil, y): return y
            }
        case let .or(a, b):
            guard let x = a.seqBounds, let y = b.seqBounds else { return nil }
            return min(x.lowerBound, y.lowerBound)...max(x.upperBound, y.upperBound)
        default:
            return nil
        }
    }

    var askedPaths: [PathPattern] {
        switch self {
        case let .term(.path(pattern)): [pattern]
        case let .and(a, b), let .or(a, b): a.askedPaths + b.askedPaths
        case .all, .term, .not: []
        }
    }

    func matches(_ action: ActionEntry, _ context: some FilterContext) -> Bool {
        switch self {
        case .all: true
        case let .term(term): term.matches(action, context)
        case let .and(a, b): a.matches(action, context) && b.matches(action, context)
        case let .or(a, b): a.matches(action, context) || b.matches(action, context)
        case let .not(a): !a.matches(action, context)
        }
    }
}
