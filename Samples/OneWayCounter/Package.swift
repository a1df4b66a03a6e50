// swift-tools-version: 6.0
// A counter on the real OneWay 3.0.0, recorded with StoreScope as docs/GUIDE.md ("OneWay")
// says. Resolve the library from ../shared/thirdparty first:
//   ../../../shared/thirdparty/use.sh .   (from this folder), then swift test
import PackageDescription

let package = Package(
    name: "OneWayCounter",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "StoreScope", path: "../.."),  // StoreScope
        .package(url: "https://github.com/DevYeom/OneWay", from: "3.0.0"),
    ],
    targets: [
        .target(
            name: "OneWayCounter",
            dependencies: [
                .product(name: "StoreScope", package: "StoreScope"),  // StoreScope
                "OneWay",
            ]
        ),
        .executableTarget(
            name: "oneway-counter-bench",
            dependencies: ["OneWayCounter", "OneWay", .product(name: "StoreScope", package: "StoreScope")]
        ),
        .testTarget(
            name: "OneWayCounterTests",
            dependencies: ["OneWayCounter", .product(name: "TraceAnalysis", package: "StoreScope")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
