// swift-tools-version: 6.0
import PackageDescription

// A separate package (the root package keeps `dependencies: []`) that runs seeded random event
// scripts through each operator Signals shares with Combine, on Signals and on OpenCombine
// 0.14.0, and compares the whole histories. See README.md.
let package = Package(
    name: "SignalsConformance",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Signals", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "SignalsConformance",
            dependencies: [
                .product(name: "Signals", package: "Signals"),
                .product(name: "SignalsTesting", package: "Signals"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
