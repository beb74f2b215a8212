// swift-tools-version: 6.0
import PackageDescription

// A separate package (the root package keeps `dependencies: []`) that tests Signals' Combine
// bridges on Linux, where Combine does not exist: the bridge sources of the library, linked
// here unchanged (Sources/OpenCombineBridges holds symlinks), compiled against OpenCombine
// 0.14.0 with `SIGNALS_OPENCOMBINE` defined. See README.md.
let openCombine: [SwiftSetting] = [.define("SIGNALS_OPENCOMBINE", .when(platforms: [.linux]))]

let package = Package(
    name: "SignalsBridges",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(name: "Signals", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .target(
            name: "OpenCombineBridges",
            dependencies: [
                .product(name: "Signals", package: "Signals"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: openCombine
        ),
        .testTarget(
            name: "OpenCombineBridgesTests",
            dependencies: [
                "OpenCombineBridges",
                .product(name: "Signals", package: "Signals"),
                .product(name: "SignalsTesting", package: "Signals"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: openCombine
        ),
    ],
    swiftLanguageModes: [.v6]
)
