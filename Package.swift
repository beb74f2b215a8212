// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Signals",
    // What `Duration` needs. Signals avoids `Synchronization` (iOS 18 / macOS 15): its locks are
    // pthread / os_unfair_lock and its atomic flags the C11 atomics of `CSignalsAtomics`.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "SignalsVirtualTime", targets: ["SignalsVirtualTime"]),
        .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
        .library(name: "SignalsObservation", targets: ["SignalsObservation"]),
        .library(name: "SignalsPaging", targets: ["SignalsPaging"]),
        .library(name: "SignalsFoundation", targets: ["SignalsFoundation"]),
        .library(name: "PhotoDomain", targets: ["PhotoDomain"]),
        .library(name: "PhotoData", targets: ["PhotoData"]),
        .library(name: "ListFeature", targets: ["ListFeature"]),
        .library(name: "SearchFeature", targets: ["SearchFeature"]),
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    dependencies: [],
    targets: [
        // A few C11 atomics (a header of `static inline` functions) for Signals' flags.
        .target(name: "CSignalsAtomics"),
        .target(name: "Signals", dependencies: ["CSignalsAtomics"]),
        // Virtual time, marble diagrams and emission logs with no test-framework import, so that
        // executables (the Demo) can run view models on virtual time without linking XCTest or
        // Testing. SignalsTesting re-exports it and adds the assertions.
        .target(name: "SignalsVirtualTime", dependencies: ["Signals"]),
        // Observation (SwiftUI) bridge: outputs as `@Observable` state and tracked key paths
        // as streams. Observation ships with the toolchain: no package dependency.
        .target(name: "SignalsObservation", dependencies: ["Signals"]),
        // Foundation bridges (NotificationCenter notifications as a stream), on every platform
        // Foundation runs on, Linux included. A module of its own because Signals does not
        // import Foundation.
        .target(name: "SignalsFoundation", dependencies: ["Signals"]),
        // A C constructor that registers SignalsTesting's XCTest observer when a test bundle
        // loads, on the main thread, before the first test case (CSignalsTestingLoad.h says why).
        .target(name: "CSignalsTestingLoad"),
        .target(name: "SignalsTesting", dependencies: ["Signals", "SignalsVirtualTime", "CSignalsTestingLoad"]),
        // The generic paging engine (any item, error and cursor), on Signals alone.
        .target(name: "SignalsPaging", dependencies: ["Signals"]),
        .target(name: "PhotoDomain"),
        .target(
            name: "PhotoData",
            // The data layer knows nothing of streams: its lock and seeded generator are its own.
            dependencies: ["PhotoDomain"],
            resources: [.copy("Resources/catalog.json")]
        ),
        .target(name: "ListFeature", dependencies: ["Signals", "SignalsPaging", "PhotoDomain"]),
        .target(name: "SearchFeature", dependencies: ["Signals", "SignalsPaging", "PhotoDomain", "ListFeature"]),
        // The Demo's logic (arguments, REPL commands, the tour, rendering) lives in DemoSupport,
        // a tested library; the executable only wires it to the process.
        .target(
            name: "DemoSupport",
            dependencies: ["Signals", "SignalsVirtualTime", "PhotoDomain", "PhotoData", "ListFeature", "SearchFeature"]
        ),
        .executableTarget(name: "Demo", dependencies: ["DemoSupport"]),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting"]),
        .testTarget(name: "SignalsVirtualTimeTests", dependencies: ["Signals", "SignalsVirtualTime", "SignalsTesting"]),
        .testTarget(name: "SignalsObservationTests", dependencies: ["Signals", "SignalsObservation", "SignalsTesting"]),
        .testTarget(name: "SignalsFoundationTests", dependencies: ["Signals", "SignalsFoundation", "SignalsTesting"]),
        .testTarget(name: "SignalsTestingTests", dependencies: ["Signals", "SignalsTesting"]),
        .testTarget(name: "SignalsPagingTests", dependencies: ["Signals", "SignalsPaging", "SignalsTesting"]),
        .testTarget(
            name: "PhotoDataTests",
            dependencies: ["Signals", "SignalsTesting", "PhotoDomain", "PhotoData"],
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
        // Every ```swift block of README.md and the DocC articles, compiled (and its tests run):
        // Generated/ comes from Scripts/doc-snippets.py; Tests/DocSnippetsTests/README.md says how.
        .testTarget(
            name: "DocSnippetsTests",
            dependencies: [
                "Signals", "SignalsTesting", "SignalsVirtualTime", "SignalsPaging", "SignalsObservation",
                "SignalsFoundation", "PhotoDomain", "ListFeature", "SearchFeature"
            ],
            exclude: ["README.md", "Manifests"]
        ),
        // "Demo" is listed so that `swift test` builds the executable the tests run as a process.
        .testTarget(
            name: "DemoTests",
            dependencies: ["Demo", "DemoSupport", "Signals", "SignalsTesting", "PhotoDomain", "PhotoData"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
