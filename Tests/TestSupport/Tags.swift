import Testing

// The test tiers (README.md, "Tests"): `swift test --skip-tags`-style selection is
// `swift test --filter`/`--skip` on these, e.g. `swift test --skip 'tag:terminal'`.
extension Tag {
    /// Tests that take many seconds on their own: they build a package with `swift build`, or
    /// replay every sample in full.
    @Tag public static var slow: Self
    /// Tests that drive the viewer in a real terminal (tmux): raw mode, resize, the screen.
    @Tag public static var terminal: Self
    /// Tests whose subject is a process: the `storescope` binary or a fixture app run as a
    /// child, for its exit status, signals, sockets, files and what it leaves behind.
    @Tag public static var process: Self
}
