// swift-tools-version: 6.1
import PackageDescription

// Layering (arrows are the only allowed imports; docs/ARCHITECTURE.md walks through them):
//   CZlib <- TraceFormat <- StoreScope (what apps import) <- StoreScopeSamples
//                  ^                                              |
//            TraceAnalysis <- StoreScopeCLI <---------------------+  (samples, for `demo` only)
//                                   ^
//                               storescope
//   StoreScope <- StoreScopeTCA -> ComposableArchitecture (only with the trait "TCA")
//   StoreScope -> OpenCombine (only with the trait "OpenCombine", for Combine effects on Linux)
//   CZlib and CStoreScopeAtomics are C targets under TraceFormat: zlib, and C11 atomics.
//
// Platforms: the floor of the Composable Architecture 1.25.5, which most of our users' apps
// already meet. A package's targets compile at its declared floor, not the app's, so every
// target (the `storescope` tool too) uses nothing newer: .ci/run checks it (Tests/PlatformGates).
let package = Package(
    name: "StoreScope",
    platforms: [.iOS(.v16), .macOS(.v13), .macCatalyst(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "StoreScope", targets: ["StoreScope"]),
        // The Composable Architecture adapter (`Reducer.recorded(by:)`): empty unless the app
        // enables the trait, `.package(url: ..., traits: ["TCA"])` (docs/GUIDE.md, section 9).
        .library(name: "StoreScopeTCA", targets: ["StoreScopeTCA"]),
        .library(name: "TraceFormat", targets: ["TraceFormat"]),
        .library(name: "TraceAnalysis", targets: ["TraceAnalysis"]),
        .executable(name: "storescope", targets: ["storescope"]),
    ],
    // A disabled trait's dependency is neither fetched nor pinned: only an app that enables "TCA"
    // resolves the Composable Architecture (measured with Swift 6.3.1: docs/GUIDE.md, section 9).
    traits: [
        .trait(name: "TCA", description: "Builds StoreScopeTCA, the Composable Architecture adapter"),
        // For an app whose release builds must carry no way for a listener to act on it: the
        // control channel is compiled out (docs/GUIDE.md, "Release builds").
        .trait(name: "NoControl", description: "Compiles the control channel out of StoreScope"),
        // Where Combine exists, `Publisher.recorded(_:by:startedBy:)` uses it and needs no trait;
        // on Linux this compiles it against OpenCombine, as Samples/CombineSeeds tests it.
        .trait(name: "OpenCombine", description: "Builds the Combine publisher adapter against OpenCombine where Combine is missing"),
    ],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.25.5"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // zlib from the SDK on Apple platforms, from zlib1g-dev on Linux; no pkg-config.
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        .target(name: "CStoreScopeAtomics"),
        .target(name: "TraceFormat", dependencies: ["CZlib", "CStoreScopeAtomics"]),
        .target(
            name: "StoreScope",
            dependencies: [
                "TraceFormat",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: [
                .define("STORESCOPE_NO_CONTROL", .when(traits: ["NoControl"])),
                .define("STORESCOPE_OPENCOMBINE", .when(traits: ["OpenCombine"])),
            ]
        ),
        .target(name: "TraceAnalysis", dependencies: ["TraceFormat"]),
        .target(
            name: "StoreScopeTCA",
            dependencies: [
                "StoreScope",
                "TraceFormat",
                .product(name: "ComposableArchitecture", package: "swift-composable-architecture", condition: .when(traits: ["TCA"])),
            ]
        ),
        .target(
            name: "StoreScopeSamples",
            dependencies: ["StoreScope"],
            path: "Samples",
            // Samples on real store libraries: packages of their own, built by .ci/run.
            exclude: ["ReSwiftCart", "OneWayCounter", "UnidirectionalFlowSearch", "TCAStandups", "CombineSeeds"]
        ),
        .target(
            name: "StoreScopeCLI",
            dependencies: ["TraceAnalysis", "TraceFormat", "StoreScopeSamples"],
            path: "Viewer/StoreScopeCLI"
        ),
        .executableTarget(
            name: "storescope",
            dependencies: ["StoreScopeCLI"],
            path: "Viewer/storescope"
        ),
        .executableTarget(
            name: "StoreScopeBenchmarks",
            dependencies: ["CZlib", "TraceFormat", "StoreScope", "TraceAnalysis", "StoreScopeCLI"],
            path: "Sources/StoreScopeBenchmarks"
        ),
        .executableTarget(
            name: "trace-fixture-writer",
            dependencies: ["TraceFormat", "StoreScopeTestSupport"],
            path: "Tests/TraceFixtureWriter"
        ),
        .testTarget(
            name: "TraceFormatTests",
            dependencies: ["TraceFormat", "StoreScopeTestSupport", "trace-fixture-writer"],
            resources: [.copy("Fixtures")]
        ),
        .target(name: "StoreScopeTestSupport", dependencies: ["TraceFormat"], path: "Tests/TestSupport"),
        .executableTarget(
            name: "recorder-crash-fixture",
            dependencies: ["StoreScope"],
            path: "Tests/RecorderCrashFixture"
        ),
        .target(
            name: "ReSwiftShapeFixture",
            dependencies: ["StoreScope"],
            path: "Tests/ReSwiftShapeFixture",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "recorder-main-fixture",
            dependencies: ["StoreScope"],
            path: "Tests/RecorderMainFixture"
        ),
        .executableTarget(
            name: "live-app-fixture",
            dependencies: ["StoreScope"],
            path: "Tests/LiveAppFixture"
        ),
        .testTarget(name: "StoreScopeTests", dependencies: ["StoreScope", "TraceAnalysis", "StoreScopeTestSupport", "recorder-crash-fixture", "recorder-main-fixture", "ReSwiftShapeFixture"]),
        .testTarget(name: "TraceAnalysisTests", dependencies: ["TraceAnalysis", "StoreScopeTestSupport"]),
        .testTarget(name: "SamplesTests", dependencies: ["StoreScopeSamples", "StoreScope", "TraceAnalysis", "StoreScopeTestSupport"]),
        // Replay tests `storescope test` generated from the five in-repo samples (regenerate.sh).
        .testTarget(
            name: "GeneratedReplayTests",
            dependencies: ["StoreScope", "StoreScopeSamples", "TraceFormat", "StoreScopeTestSupport", "storescope"],
            exclude: [
                "regenerate.sh", "samples.tsv", "NotesReplayTests.sstrace", "TodosReplayTests.sstrace", "UsersReplayTests.sstrace",
                "LoginReplayTests.sstrace", "SearchReplayTests.sstrace",
            ]),
        .testTarget(
            name: "StoreScopeCLITests",
            dependencies: ["StoreScopeCLI", "StoreScopeTestSupport", "storescope", "live-app-fixture", "TraceAnalysis"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)

// .ci/run's optimized and ThreadSanitizer passes build a configuration of their own for a few
// test targets: STORESCOPE_TEST_TARGETS="StoreScopeTests,TraceFormatTests" keeps those and the
// targets they depend on, so that build skips the command-line tool and its tests (half the
// package). Without the variable the package is the one above.
if let kept = Context.environment["STORESCOPE_TEST_TARGETS"] {
    let targetsByName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var needed = Set<String>(), pending = kept.split(separator: ",").map(String.init)
    while let name = pending.popLast() {
        guard needed.insert(name).inserted, let target = targetsByName[name] else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
    }
    package.targets.removeAll { !needed.contains($0.name) }
    // A dependency no kept target names is dropped too: unused, it would be fetched, where one
    // used only under a disabled trait (OpenCombine) is not.
    let usedPackages = Set(package.targets.flatMap(\.dependencies).compactMap { dependency -> String? in
        if case .productItem(_, let package?, _, _) = dependency { return package.lowercased() }
        return nil
    })
    package.dependencies.removeAll { dependency in
        guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
        var name = String(location.split(separator: "/").last ?? "").lowercased()
        if name.hasSuffix(".git") { name.removeLast(4) }
        return !usedPackages.contains(name)
    }
    package.products.removeAll { product in
        !((product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []).allSatisfy(needed.contains)
    }
}

// .ci/run's optimized pass compiles with -O what an app compiles (the library, the format, the
// samples' app code, the fixtures' apps) and lists in STORESCOPE_UNOPTIMIZED the targets whose
// own code no app ships: the test targets and what checks them. Their calls into the library
// stay calls into its optimized code, where the optimizer can change what capture and the codec
// read; optimizing the tests themselves was two thirds of that build's time (issue 41).
if let unoptimized = Context.environment["STORESCOPE_UNOPTIMIZED"] {
    let names = Set(unoptimized.split(separator: ",").map(String.init))
    for target in package.targets where names.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"])]
    }
}
