/// What can happen to the viewer: the messages its reducer handles.
package enum ViewerAction: Sendable, Equatable {
    /// A key was pressed.
    case key(Key)
    /// The window changed size.
    case resize(columns: Int, rows: Int)
    /// The source brought in new records.
    case recordsArrived
    /// Time passed with nothing else happening (the loop polls the source on ticks).
    case tick
}
