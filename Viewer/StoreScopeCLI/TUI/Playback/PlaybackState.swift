/// Playing's part of ``ViewerState``: whether `space` is playing, and how fast it plays.
struct PlaybackState: Sendable, Equatable {
    /// Playing through the states, or `nil` when not playing.
    var playing: Playback?
    /// How fast `space` plays (`+` `-` `*` change it).
    var pace = PlayPace()

    /// Whether `space` is playing.
    var isPlaying: Bool { playing != nil }
}
