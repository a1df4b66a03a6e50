// swift-tools-version: 6.1
// The Combine seeds (../shared/seeds/ 000-003) as written, their effects Combine publishers
// recorded with `Publisher.recorded(_:by:startedBy:)` as docs/GUIDE.md (sections 1-4) says. On
// Linux they run on OpenCombine, resolved from ../shared/thirdparty:
//   ../../../shared/thirdparty/use.sh . && swift test
import PackageDescription

// The seeds' stores predate Swift 6's data-race checks (non-Sendable classes called from
// Combine's closures on the main queue); they compile as written in Swift 5 language mode.
let seed: [SwiftSetting] = [.swiftLanguageMode(.v5)]

/// What each seed's target depends on: Combine (OpenCombine's shim: Apple's Combine where it
/// exists), StoreScope, and the journal.
let store: [Target.Dependency] = [
    .product(name: "OpenCombineShim", package: "OpenCombine"),
    .product(name: "StoreScope", package: "StoreScope"),  // StoreScope
    "SeedJournal",
]

let package = Package(
    name: "CombineSeeds",
    platforms: [.macOS(.v15), .iOS(.v17)],
    dependencies: [
        .package(name: "StoreScope", path: "../..", traits: ["OpenCombine"]),  // StoreScope
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // The app's own record of what its stores did, which the tests hold the trace against.
        .target(name: "SeedJournal"),
        // 000: the Elm-like store, `update(State, Environment, Action) -> Update(state, fx)`.
        .target(name: "ElmSeed", dependencies: store, swiftSettings: seed),
        // 001: simple Redux, `Reducer.reduce(state:mutation:)`, `Action.toMutation()`.
        .target(name: "ReduxSeed", dependencies: store, swiftSettings: seed),
        // 002: the Redux-like container, `(inout State, Action) -> Void`, `send(_ effect:)`.
        .target(name: "ContainerSeed", dependencies: store, swiftSettings: seed),
        // 003: ReduxUI, a reducer with routes, middlewares returning `MiddlewareAction` publishers.
        .target(name: "ReduxUISeed", dependencies: store, swiftSettings: seed),
        .testTarget(
            name: "CombineSeedsTests",
            dependencies: [
                "SeedJournal", "ElmSeed", "ReduxSeed", "ContainerSeed", "ReduxUISeed",
                .product(name: "StoreScope", package: "StoreScope"),
                .product(name: "TraceAnalysis", package: "StoreScope"),
                .product(name: "OpenCombineShim", package: "OpenCombine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
