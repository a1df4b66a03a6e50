extension ViewerRender {
    /// The status line's mode: `playing 2x`, `following`, or `paused` (with the pace when it
    /// is not the recorded one).
    static func playStatus(_ playback: PlaybackState, following: Bool) -> String {
        if playback.isPlaying { return "playing \(playback.pace.description)" }
        if following { return "following" }
        return playback.pace.isRecorded ? "paused" : "paused (\(playback.pace.description))"
    }
}
