import TraceFormat

/// A run of children that ``DiffRendering`` does not open: unchanged ones, and array elements
/// matched by id that moved but did not change. It is written when a changed child (or the
/// container's end) interrupts it:
///
/// - unchanged children in place collapse into `… (N unchanged)`, except a single one that
///   fits on one line, which is shown;
/// - a moved element takes one line marked `~`, with its old index and its id:
///   `~     [0] moved from [1999]: Todo(id: 1999, …)`;
/// - past ``movesListed`` moved elements (a sort), the whole run is one line marked `~`:
///   `~     … (2000 unchanged, 1932 of them moved)`.
struct UnchangedRun {
    /// The most moved elements a run lists one by one.
    static let movesListed = 10

    private enum Part {
        /// Unchanged children in place, and the first of them (shown when it is alone).
        case inPlace(count: Int, first: (label: ChildPairing.Label, step: PathComponent, value: TraceValue))
        /// An element that moved from index `from` to `index`, unchanged.
        case moved(index: Int, from: Int, value: TraceValue)
    }

    /// The parts before the current stretch of children in place.
    private var parts: [Part] = []
    /// The current stretch of children in place: how many, and the first (a diff of a 1M-entry
    /// dictionary adds a million of them, so adding one only counts it).
    private var inPlace = 0, firstInPlace: (label: ChildPairing.Label, step: PathComponent, value: TraceValue)?
    private var count = 0, moved = 0

    /// Adds an unchanged child in place.
    mutating func add(_ label: ChildPairing.Label, _ step: PathComponent, _ value: TraceValue) {
        if inPlace == 0 { firstInPlace = (label, step, value) }
        inPlace += 1
        count += 1
    }

    /// Adds an unchanged element that moved from `from` to `index`.
    mutating func addMoved(to index: Int, from: Int, _ value: TraceValue) {
        count += 1
        moved += 1
        guard moved <= Self.movesListed else { return }
        endStretch()
        parts.append(.moved(index: index, from: from, value: value))
    }

    private mutating func endStretch() {
        if inPlace > 0, let first = firstInPlace { parts.append(.inPlace(count: inPlace, first: first)) }
        inPlace = 0
        firstInPlace = nil
    }

    /// Writes the run's lines at `indent` and empties it. `path` gives a child's state path
    /// from its step; the run's summary lines get none (they stand for the container).
    mutating func flush(indent: Int, into lines: inout [RenderedLine], path: (PathComponent) -> [PathComponent]) {
        defer { self = UnchangedRun() }
        endStretch()
        if moved > Self.movesListed {
            lines.append(RenderedLine(mark: .oneLine, indent: indent, content: "… (\(count) unchanged, \(moved) of them moved)"))
            return
        }
        for part in parts {
            switch part {
            case let .inPlace(run, first):
                if run == 1, let single = TreeLayout.singleLine(first.value) {
                    lines.append(RenderedLine(mark: .context, indent: indent, content: first.label.text + single, path: path(first.step)))
                } else {
                    lines.append(RenderedLine(mark: .context, indent: indent, content: "… (\(run) unchanged)"))
                }
            case let .moved(index, from, value):
                lines.append(RenderedLine(
                    mark: .oneLine, indent: indent, content: TreeLayout.movedLabel(to: index, from: from) + TreeLayout.identity(of: value),
                    path: path(.index(index))))
            }
        }
    }
}
