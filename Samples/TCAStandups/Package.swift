// swift-tools-version: 6.1
// Standups on the real Composable Architecture, recorded with StoreScope as docs/GUIDE.md
// ("The Composable Architecture") says. TCA 1.25.5 does not build on Linux as released:
// resolve from ../shared/thirdparty, then port the checkouts (Patches/apply.sh):
//   ../../../shared/thirdparty/use.sh . && swift package resolve && Patches/apply.sh && swift test
import PackageDescription

let package = Package(
    name: "TCAStandups",
    platforms: [.macOS(.v15), .iOS(.v17)],
    dependencies: [
        .package(name: "StoreScope", path: "../..", traits: ["TCA"]),  // StoreScope
        .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.25.5"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.11.0"),  // for tests
    ],
    targets: [
        .target(
            name: "TCAStandups",
            dependencies: [
                .product(name: "StoreScopeTCA", package: "StoreScope"),  // StoreScope
                .product(name: "ComposableArchitecture", package: "swift-composable-architecture"),
            ]
        ),
        .executableTarget(
            name: "tca-standups-bench",
            dependencies: [
                "TCAStandups",
                .product(name: "StoreScopeTCA", package: "StoreScope"),
                .product(name: "ComposableArchitecture", package: "swift-composable-architecture"),
            ]
        ),
        .executableTarget(
            name: "tca-todos-bench",
            dependencies: [
                .product(name: "StoreScopeTCA", package: "StoreScope"),
                .product(name: "ComposableArchitecture", package: "swift-composable-architecture"),
            ]
        ),
        .testTarget(
            name: "TCAStandupsTests",
            dependencies: [
                "TCAStandups",
                .product(name: "StoreScopeTCA", package: "StoreScope"),
                .product(name: "ComposableArchitecture", package: "swift-composable-architecture"),
                .product(name: "TraceAnalysis", package: "StoreScope"),
                // Without it TCA's reported issues never fail a test on Linux: it prints "An
                // issue was recorded without linking the Testing framework" and goes on.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
