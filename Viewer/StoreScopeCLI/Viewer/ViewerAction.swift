/// What can happen to the viewer: the messages its reducer handles.
enum ViewerAction: Sendable, Equatable {
    /// A key was pressed.
    case key(Key)
    /// The window changed size.
    case resize(columns: Int, rows: Int)
    /// The source brought in new records.
    case recordsArrived
    /// Time passed with nothing else happening (the loop polls the source on ticks).
    case tick
    /// The loop's clock (monotonic nanoseconds), sent after every event while playing: the
    /// reducer steps to the action due by then. Passed in so the reducer reads no clock.
    case clock(nanos: UInt64)
}
