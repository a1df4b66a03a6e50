import Foundation
import Testing

// The test tiers (README.md, "Tests"). swift-testing 6.3's `swift test --filter` and `--skip`
// match test names, not tags, so a tier is left out with an environment variable instead:
// `STORESCOPE_SKIP_TAGS=terminal,process swift test`.
extension Tag {
    /// Tests that take many seconds on their own: they build a package with `swift build`.
    @Tag public static var slow: Self
    /// Tests that drive the viewer in a real terminal (tmux): raw mode, resize, the screen.
    @Tag public static var terminal: Self
    /// Tests whose subject is a process: the `storescope` binary or a fixture app run as a
    /// child, for its exit status, signals, sockets, files and what it leaves behind.
    @Tag public static var process: Self
}

/// The tiers `STORESCOPE_SKIP_TAGS` (comma-separated: `slow`, `terminal`, `process`) leaves out.
public enum SkippedTags {
    /// The tags named by `STORESCOPE_SKIP_TAGS`; an unknown name stops the run saying so.
    public static let tags: Set<Tag> = {
        let known: [String: Tag] = ["slow": .slow, "terminal": .terminal, "process": .process]
        let names = (ProcessInfo.processInfo.environment["STORESCOPE_SKIP_TAGS"] ?? "").split(separator: ",")
        return Set(names.map { name in
            guard let tag = known[String(name)] else {
                fatalError("STORESCOPE_SKIP_TAGS: no tag '\(name)' (slow, terminal, process)")
            }
            return tag
        })
    }()

    /// Whether `tag`'s tests are left out.
    public static func contains(_ tag: Tag) -> Bool { tags.contains(tag) }

    /// Cancels the running test (swift-testing reports it skipped) when it carries a left-out
    /// tag. Called where a test starts a child process, which every test of the three tiers does.
    public static func cancelIfSkipped() throws {
        guard !tags.isEmpty, let test = Test.current, let tag = test.tags.first(where: tags.contains) else { return }
        try Test.cancel("STORESCOPE_SKIP_TAGS leaves out \(tag)")
    }
}
