// swift-tools-version: 6.0
// A shopping cart on the real ReSwift and ReSwift-Thunk, recorded with StoreScope as
// docs/GUIDE.md ("ReSwift") says. Resolve the libraries from ../shared/thirdparty first:
//   ../../../shared/thirdparty/use.sh .   (from this folder), then swift test
import PackageDescription

let package = Package(
    name: "ReSwiftCart",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "StoreScope", path: "../.."),  // StoreScope
        .package(url: "https://github.com/ReSwift/ReSwift", from: "6.1.1"),
        .package(url: "https://github.com/ReSwift/ReSwift-Thunk", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "ReSwiftCart",
            dependencies: [
                .product(name: "StoreScope", package: "StoreScope"),  // StoreScope
                "ReSwift",
                .product(name: "ReSwiftThunk", package: "ReSwift-Thunk"),
            ]
        ),
        .executableTarget(name: "reswift-cart", dependencies: ["ReSwiftCart"]),
        .executableTarget(
            name: "reswift-cart-bench",
            dependencies: [
                "ReSwiftCart", "ReSwift", .product(name: "ReSwiftThunk", package: "ReSwift-Thunk"),
                .product(name: "StoreScope", package: "StoreScope"),
            ]
        ),
        .testTarget(
            name: "ReSwiftCartTests",
            dependencies: ["ReSwiftCart", .product(name: "TraceAnalysis", package: "StoreScope")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
