/// Renders a whole value as an indented tree, one node per line, the layout
/// ``DiffRendering`` uses without its `-`/`+` column:
///
/// ```
/// SearchState(
///   query: "nio"
///   repos: [
///     Repo(
///       id: 2
///       …
/// ```
public enum TreeRendering {
    /// The lines of `value`, joined by newlines (no trailing newline). Text from the trace is
    /// sanitized for the terminal.
    public static func render(_ value: TraceValue) -> String {
        var lines: [RenderedLine] = []
        TreeLayout.lines(of: value, label: "", mark: .context, indent: 0, into: &lines)
        return lines.map { String(repeating: "  ", count: $0.indent) + $0.content }.joined(separator: "\n")
    }
}
