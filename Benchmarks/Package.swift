// swift-tools-version: 6.0
import PackageDescription

// A separate package so that Signals is called from another module, exactly as users call it,
// and so the root package keeps `dependencies: []`.
let package = Package(
    name: "SignalsBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Signals", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "SignalsBenchmarks",
            dependencies: [
                .product(name: "Signals", package: "Signals"),
                .product(name: "SignalsPaging", package: "Signals"),
                // The reference modules are products only with SIGNALS_REFERENCE_PRODUCTS=1
                // (the root Package.swift): set it for every command on this package.
                .product(name: "SignalsPhotoDomain", package: "Signals"),
                .product(name: "SignalsPhotoData", package: "Signals"),
                .product(name: "SignalsPhotoList", package: "Signals"),
                .product(name: "SignalsPhotoSearch", package: "Signals"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
