// swift-tools-version: 6.0
import PackageDescription

// A modular app's package, outside the library's own: its targets carry the names modular iOS
// apps give their modules (SearchFeature, ListFeature, PhotoData, PhotoDomain, DemoSupport,
// Demo, Core, Networking), and between them they depend on every library product of Signals.
// SwiftPM refuses a graph in which two packages declare one target name, so this package
// resolving at all is the check that Signals' own targets leave those names free. Built and
// tested by `.ci/run` (Scripts/check-consumer.sh).
let package = Package(
    name: "ModularApp",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    dependencies: [
        .package(name: "Signals", path: "../.."),
    ],
    targets: [
        .target(name: "Core", dependencies: [.product(name: "Signals", package: "Signals")]),
        .target(
            name: "Networking",
            dependencies: ["Core", .product(name: "SignalsFoundation", package: "Signals")]
        ),
        .target(name: "PhotoDomain", dependencies: ["Core"]),
        .target(
            name: "PhotoData",
            dependencies: ["PhotoDomain", "Networking", .product(name: "SignalsPaging", package: "Signals")]
        ),
        .target(
            name: "ListFeature",
            dependencies: ["PhotoDomain", "PhotoData", .product(name: "SignalsPaging", package: "Signals")]
        ),
        .target(
            name: "SearchFeature",
            dependencies: [
                "PhotoDomain", "PhotoData",
                .product(name: "SignalsObservation", package: "Signals"),
                .product(name: "SignalsUIKit", package: "Signals"),
            ]
        ),
        .target(
            name: "DemoSupport",
            dependencies: ["SearchFeature", "ListFeature", .product(name: "SignalsVirtualTime", package: "Signals")]
        ),
        .executableTarget(name: "Demo", dependencies: ["DemoSupport"]),
        .testTarget(
            name: "SearchFeatureTests",
            dependencies: ["SearchFeature", "PhotoData", .product(name: "SignalsTesting", package: "Signals")]
        ),
        .testTarget(
            name: "ListFeatureTests",
            dependencies: ["ListFeature", "PhotoData", .product(name: "SignalsTesting", package: "Signals")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
