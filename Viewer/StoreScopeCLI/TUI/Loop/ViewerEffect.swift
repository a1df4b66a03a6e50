import TraceAnalysis

/// What the viewer's reducer asks of the world outside its state: ``ViewerReducer/reduce(_:_:)``
/// returns these, and ``ViewerEffectRunner`` alone performs them (bubbletea's commands, TCA's
/// effects). The reducer writes to no terminal, socket or thread; what comes back (a read
/// finished, an app's answer) arrives later as a ``ViewerAction``.
package enum ViewerEffect: Sendable, Equatable {
    /// Put `text` on the terminal's clipboard (``ClipboardSequence``, OSC 52), after the frame
    /// that names it on the message line (`y`).
    case copy(String)
    /// Send `request` to the live app, through the listener of the viewer's live sessions
    /// (``ControlLink``); its reply arrives as ``ViewerAction/notice(_:)``.
    case control(ControlRequest)
    /// Read off the loop's thread what the loop's thread may not take (the timeline's screen, a
    /// detail, a search, the effects of chunks holding large keyframes); the answer arrives as
    /// ``ViewerAction/backgroundRead(_:)``.
    case read(BackgroundReader.Request)
}
