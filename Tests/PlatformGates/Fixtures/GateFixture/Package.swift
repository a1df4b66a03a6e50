// swift-tools-version: 6.0
import PackageDescription

// A tiny package of planted violations for Tests/PlatformGates/selftest.py. Each line the gates
// must report ends with a `// PLANTED(<gate>)` comment; each line they must let through ends with
// `// GUARDED(<gate>)`. Never built by the main package (it is not one of its targets).
let package = Package(
    name: "GateFixture",
    platforms: [.macOS(.v15)],
    targets: [
        // Checked like StoreScope's app-side targets: every Apple platform at its floor.
        .target(name: "FixtureApp", dependencies: ["CFixture"]),
        // A C target, as TraceFormat's CZlib: no module.modulemap in its sources.
        .target(name: "CFixture"),
        // Checked like the tool-side targets: macOS 13 only.
        .target(name: "FixtureTool"),
    ]
)
