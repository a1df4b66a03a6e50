// swift-tools-version: 6.0
// A repository search on the real swift-unidirectional-flow 0.4.6, recorded with StoreScope as
// docs/GUIDE.md ("swift-unidirectional-flow") says. The library needs a one-line Linux port
// applied to its checkout (Patches/apply.sh). From this folder:
//   ../../../shared/thirdparty/use.sh . && swift package resolve && Patches/apply.sh && swift test
import PackageDescription

let package = Package(
    name: "UnidirectionalFlowSearch",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "StoreScope", path: "../.."),  // StoreScope
        .package(url: "https://github.com/mecid/swift-unidirectional-flow", from: "0.4.6"),
    ],
    targets: [
        .target(
            name: "UnidirectionalFlowSearch",
            dependencies: [
                .product(name: "StoreScope", package: "StoreScope"),  // StoreScope
                .product(name: "UnidirectionalFlow", package: "swift-unidirectional-flow"),
            ]
        ),
        .executableTarget(
            name: "uf-search-bench",
            dependencies: [
                "UnidirectionalFlowSearch", .product(name: "UnidirectionalFlow", package: "swift-unidirectional-flow"),
                .product(name: "StoreScope", package: "StoreScope"),
            ]
        ),
        .testTarget(
            name: "UnidirectionalFlowSearchTests",
            dependencies: ["UnidirectionalFlowSearch", .product(name: "TraceAnalysis", package: "StoreScope")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
