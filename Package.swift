// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Signals",
    // `Synchronization.Mutex` and `Atomic` need these OS versions on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
        .library(name: "PhotoDomain", targets: ["PhotoDomain"]),
        .library(name: "PhotoData", targets: ["PhotoData"]),
        .library(name: "ListFeature", targets: ["ListFeature"]),
        .library(name: "SearchFeature", targets: ["SearchFeature"]),
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Signals"),
        .target(name: "SignalsTesting", dependencies: ["Signals"]),
        .target(name: "PhotoDomain"),
        .target(
            name: "PhotoData",
            dependencies: ["PhotoDomain"],
            resources: [.copy("Resources/catalog.json")]
        ),
        .target(name: "ListFeature", dependencies: ["Signals", "PhotoDomain"]),
        .target(name: "SearchFeature", dependencies: ["Signals", "PhotoDomain", "ListFeature"]),
        .executableTarget(
            name: "Demo",
            dependencies: ["Signals", "SignalsTesting", "PhotoDomain", "PhotoData", "ListFeature", "SearchFeature"]
        ),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting"]),
        .testTarget(name: "SignalsTestingTests", dependencies: ["Signals", "SignalsTesting"]),
        .testTarget(
            name: "PhotoDataTests",
            dependencies: ["PhotoDomain", "PhotoData"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ListFeatureTests",
            dependencies: ["Signals", "SignalsTesting", "PhotoDomain", "ListFeature"]
        ),
        .testTarget(
            name: "SearchFeatureTests",
            dependencies: ["Signals", "SignalsTesting", "PhotoDomain", "PhotoData", "ListFeature", "SearchFeature"]
        ),
        .testTarget(name: "DemoTests", dependencies: ["Demo"]),
    ],
    swiftLanguageModes: [.v6]
)
