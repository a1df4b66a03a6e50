/// Multi-line layout of a ``TraceValue`` for ``DiffRendering``: a container opens on its own
/// line, its children follow one level deeper, and it closes on a line of its own; empty
/// containers and leaves take one line. Text from the trace is sanitized: control characters
/// in names and strings are escaped, so a hostile trace cannot drive the terminal.
enum TreeLayout {
    /// Appends the lines of `value` under `label` with `mark`.
    static func lines(of value: TraceValue, label: String, mark: RenderedLine.Mark, indent: Int, into lines: inout [RenderedLine]) {
        if case let .some(wrapped) = value {
            Self.lines(of: wrapped, label: label, mark: mark, indent: indent, into: &lines)
            return
        }
        if let single = singleLine(value) {
            lines.append(RenderedLine(mark: mark, indent: indent, content: label + single))
            return
        }
        guard let shape = ContainerShape(value) else { return }
        lines.append(RenderedLine(mark: mark, indent: indent, content: label + shape.opener))
        for (childLabel, child) in children(of: value) {
            Self.lines(of: child, label: childLabel, mark: mark, indent: indent + 1, into: &lines)
        }
        lines.append(RenderedLine(mark: mark, indent: indent, content: shape.closer))
    }

    /// The one-line form of a leaf or an empty container; `nil` for a container with children.
    /// With `utf8Limit`, a leaf's text is only the start of it that many bytes hold, ending in
    /// `…` when cut (``TraceValue/descriptionStart(utf8Count:short:qualified:)``): what a
    /// screen's line shows of a 1 MB string.
    static func singleLine(_ value: TraceValue, utf8Limit: Int? = nil) -> String? {
        switch value {
        case let .some(wrapped):
            return singleLine(wrapped, utf8Limit: utf8Limit)
        case .structure, .object, .enumeration, .array, .set, .dictionary:
            guard children(of: value).isEmpty, let shape = ContainerShape(value) else { return nil }
            return shape.opener + shape.closer
        default:
            guard let utf8Limit else { return sanitized(value.description) }
            let start = value.descriptionStart(utf8Count: utf8Limit)
            return sanitized(start.text) + (start.isCut ? "…" : "")
        }
    }

    /// The label of a struct field or labeled payload (`name: `), empty for unlabeled ones
    /// and for tuple positions (`0`, `1`: no Swift field name is a number).
    static func fieldLabel(_ name: String) -> String {
        name.isEmpty || name.isTupleIndex ? "" : sanitized(name) + ": "
    }

    /// The label of an array element: its index, `[17] ` (a set's elements have none: a set
    /// has no order of its own to number).
    static func indexLabel(_ index: Int) -> String {
        "[" + String(index) + "] "
    }

    /// The label of an array element matched by id that moved: its index in the new array,
    /// then its index in the old, `[0] moved from [1999]: `.
    static func movedLabel(to index: Int, from old: Int) -> String {
        "[" + String(index) + "] moved from [" + String(old) + "]: "
    }

    /// An element matched by id, on one line by its id alone: `Todo(id: 7, …)`
    /// (``ChildPairing/id(of:)``; the element in one line when it has no id).
    static func identity(of element: TraceValue) -> String {
        guard let id = ChildPairing.id(of: element), let shape = ContainerShape(element) else {
            return sanitized(element.description)
        }
        let others = TreeOutline.childCount(of: element) > 1 ? ", …" : ""
        return shape.opener + "id: " + sanitized(id.description) + others + shape.closer
    }

    /// The label of a dictionary entry: the key in short form.
    static func keyLabel(_ key: TraceValue) -> String {
        sanitized(key.shortDescription) + ": "
    }

    static func children(of value: TraceValue) -> [(String, TraceValue)] {
        switch value {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            return fields.map { (fieldLabel($0.name), $0.value) }
        case let .array(elements):
            return elements.enumerated().map { (indexLabel($0.offset), $0.element) }
        case let .set(elements):
            return elements.map { ("", $0) }
        case let .dictionary(entries):
            return entries.map { (keyLabel($0.key), $0.value) }
        default:
            return []
        }
    }

    /// Text from the trace made safe for a terminal (``Swift/String/sanitizedForTerminal``:
    /// control characters and bidirectional overrides become `\u{…}`).
    static func sanitized(_ text: String) -> String {
        text.sanitizedForTerminal
    }
}

/// The opening and closing text of a container node.
struct ContainerShape {
    var opener: String
    var closer: String

    init?(_ value: TraceValue) {
        switch value {
        case let .structure(type, _) where type == TraceValue.tupleTypeName: (opener, closer) = ("(", ")")
        case let .structure(type, _): (opener, closer) = (TreeLayout.sanitized(type) + "(", ")")
        case let .object(type, id, _): (opener, closer) = (TreeLayout.sanitized(type) + "#\(id)(", ")")
        case let .enumeration(_, caseName, payload):
            (opener, closer) = payload.isEmpty ? ("." + TreeLayout.sanitized(caseName), "") : ("." + TreeLayout.sanitized(caseName) + "(", ")")
        case let .array(elements): (opener, closer) = elements.isEmpty ? ("[]", "") : ("[", "]")
        case let .set(elements): (opener, closer) = elements.isEmpty ? ("Set([])", "") : ("Set([", "])")
        case let .dictionary(entries): (opener, closer) = entries.isEmpty ? ("[:]", "") : ("[", "]")
        default: return nil
        }
    }
}
