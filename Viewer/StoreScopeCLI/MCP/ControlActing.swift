import TraceAnalysis

/// A control tool (`storescope mcp --listen --allow-control`): offered while the app of a
/// connected live session allowed one of its stores the command the tool sends
/// (``TraceFormat/ControlAllowedNote``), and answering a tool error for a store that did not.
protocol ControlActing: MCPTool {
    /// What a store must allow for the tool to act on it.
    var needs: ControlAllowedNote.Command { get }
}
