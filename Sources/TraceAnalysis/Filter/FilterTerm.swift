/// One condition of a ``Filter``: `field:value`, or free text.
public enum FilterTerm: Sendable, Hashable {
    /// `action:GLOB`: the case name (`search`), type name (`SearchAction`) or both
    /// (`SearchAction.search`) of the action or of any action it wraps matches, or the
    /// dotted cases from one of them inward (`todos.queryChanged`, ``ActionCasePath/names``).
    case action(Glob)
    /// `store:GLOB`: the store that received the action.
    case store(Glob)
    /// `path:PATTERN`: the action changed this path, something under it, or something that
    /// contains it (`[*]` matches any index or key).
    case path(PathPattern)
    /// `effect:GLOB` or `effect:GLOB@OUTCOME`: the action started an effect of that name (in
    /// that state), or was sent by one; `outcome:OUTCOME` is `effect:*@OUTCOME`.
    case effect(Glob, EffectSummary.State.Kind?)
    /// `seq:RANGE`: the action's sequence number.
    case seq(NumericRange)
    /// `time:RANGE`: nanoseconds since the session started.
    case time(NumericRange)
    /// `reducer:RANGE`: how long the reducer ran, in nanoseconds.
    case reducer(NumericRange)
    /// `mark:GLOB`: the app placed a mark with a matching name (`Recorder.mark(_:)`) right
    /// after the action, before the next one.
    case mark(Glob)
    /// Free text (a bare word or a quoted string, or `text:...`): found in the action's
    /// rendering, ignoring case (held lowercased).
    case text(String)

    func matches(_ entry: ActionEntry, _ context: some FilterContext) -> Bool {
        let action = entry.action
        switch self {
        case let .action(glob):
            return Self.names(of: action.action).contains { glob.matches($0) }
        case let .store(glob):
            return glob.matches(action.store)
        case let .path(pattern):
            guard let operations = context.changes(of: entry) else { return false }
            return operations.contains { pattern.overlaps($0) }
        case let .effect(glob, outcome):
            var effects = context.effects(startedBy: action.seq)
            if outcome == nil, let id = action.effectID, let sender = context.effect(id) { effects.append(sender) }
            return effects.contains { glob.matches($0.name) && (outcome == nil || $0.state.kind == outcome) }
        case let .seq(range):
            return range.contains(action.seq)
        case let .time(range):
            return range.contains(entry.sinceStart)
        case let .reducer(range):
            return range.contains(action.reducerNanos)
        case let .mark(glob):
            return entry.events.contains { if case let .log(log) = $0 { log.level == .mark && glob.matches(log.message) } else { false } }
        case let .text(text):
            return action.action.description.lowercased().contains(text)
        }
    }

    /// The names an action answers to: its cases along its nesting, their types, and
    /// `Type.case` (``ActionCasePath/names``).
    static func names(of value: TraceValue) -> [String] {
        switch value {
        case .enumeration: ActionCasePath(of: value).names
        case let .structure(type, _), let .object(type, _, _): [type]
        case let .some(wrapped): names(of: wrapped)
        case let .scalar(type, _): [type]
        default: []
        }
    }
}
