import TraceFormat

/// A session's stores, in the order they registered, and the one rule for which of them a
/// command, the viewer and a listener's control act on (docs/GUIDE.md, "Which store"):
///
/// * a store the user names (`--store NAME`) must be one of the session's, or the answer is
///   an error that lists them;
/// * otherwise the main store: the one the app named (`Recorder(mainStore:)`) when the session
///   has it, else the only store, else the first to register
///   (``TraceFormat/SessionHeader/mainStore(among:)``);
/// * with no store known at all, an error that says so.
///
/// A recorded session's stores come from ``TraceSession/stores()``; a stream's (a live
/// session, a command that reads every record) are noted record by record (``note(_:)``).
public struct SessionStores: Sendable, Hashable {
    /// The stores known so far, in the order they registered (their first keyframe or action).
    public private(set) var names: [String]
    /// The same names, for ``note(_:)-(String)`` to tell a new one in O(1): a command that
    /// notes every record of a trace with 40,000 stores stays linear (issue 44, item 5).
    private var known: Set<String>
    /// The session header: the main store the app named, if any.
    public let header: SessionHeader

    /// The stores of a session whose header is `header`.
    ///
    /// - Parameters:
    ///   - header: the session header.
    ///   - names: the stores known, in the order they registered.
    public init(header: SessionHeader, names: [String] = []) {
        self.header = header
        self.names = names
        known = Set(names)
    }

    /// Notes the store of a keyframe or an action, when it is new.
    public mutating func note(_ record: Record) {
        switch record {
        case let .keyframe(keyframe): note(keyframe.store)
        case let .action(action): note(action.store)
        default: break
        }
    }

    /// Notes a store, when it is new.
    public mutating func note(_ store: String) {
        if known.insert(store).inserted { names.append(store) }
    }

    /// The store a command acts on when the user names none (see the type's rule); `nil`
    /// when no store is known and the header names none.
    public var main: String? { header.mainStore(among: names) }

    /// The store `asked` names, or the main store when it is `nil`.
    ///
    /// - Parameters:
    ///   - asked: the store the user named, if any.
    ///   - place: where the stores are, for the error: `the trace`, `session app/1f3a`.
    /// - Returns: the store to act on.
    /// - Throws: ``NoSuchStore`` when `asked` is none of the stores, or no store is known.
    public func store(named asked: String?, in place: String = "the trace") throws(NoSuchStore) -> String {
        let main = self.main
        if let asked {
            // Before any store registers, the one the app named is the one it will have.
            guard known.contains(asked) || asked == main else { throw NoSuchStore(asked: asked, stores: names, place: place) }
            return asked
        }
        guard let main else { throw NoSuchStore(asked: nil, stores: names, place: place) }
        return main
    }

    /// The stores as a reader names them: the main store first, then the others in the
    /// order they registered.
    public var mainFirst: [String] {
        guard let main, known.contains(main) else { return names }
        return [main] + names.filter { $0 != main }
    }

    /// The stores in a line for people: `store "inbox"`, `store "inbox" (also "settings")`,
    /// or `no store` when none is known and the app named none.
    public var summary: String {
        guard let main else { return "no store" }
        let others = mainFirst.dropFirst().map { "\"\($0)\"" }
        return "store \"\(main)\"" + (others.isEmpty ? "" : " (also \(others.joined(separator: ", ")))")
    }
}

/// A store the user named that the session does not have, or a session with no store to
/// act on: the error lists the stores there are.
public struct NoSuchStore: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store asked for; `nil` when none was and the session has none.
    public var asked: String?
    /// The stores the session has, in the order they registered.
    public var stores: [String]
    /// Where they were looked for: `the trace`, `session app/1f3a`.
    public var place: String

    /// `no store "main" in the trace (stores: inbox, settings)`.
    public var description: String {
        guard let asked else { return "no store has registered in \(place)" }
        let stores = self.stores.isEmpty ? "no store has registered" : "stores: " + self.stores.joined(separator: ", ")
        return "no store \"\(asked)\" in \(place) (\(stores))"
    }
}
