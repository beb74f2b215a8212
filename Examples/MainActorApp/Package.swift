// swift-tools-version: 6.0
import PackageDescription

// A consumer of Signals, outside the library's own package: a `@MainActor` login view model
// written with Combine habits, in Swift 6 language mode, tested with SignalsTesting from
// `@MainActor` Swift Testing and XCTest tests. Built and tested by `.ci/run`.
let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(name: "Signals", path: "../.."),
    ],
    targets: [
        .target(
            name: "LoginFeature",
            dependencies: [.product(name: "Signals", package: "Signals")]
        ),
        .testTarget(
            name: "LoginFeatureTests",
            dependencies: [
                "LoginFeature",
                .product(name: "Signals", package: "Signals"),
                .product(name: "SignalsTesting", package: "Signals"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
