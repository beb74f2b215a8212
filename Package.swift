// swift-tools-version: 6.0
import Foundation
import PackageDescription

let package = Package(
    name: "Signals",
    // What `Duration` needs. Signals avoids `Synchronization` (iOS 18 / macOS 15): its locks are
    // os_unfair_lock on Apple platforms and futex locks on Linux, its atomics C11 ones (`CSignalsAtomics`).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    // Only the library modules and the Demo executable are products. The reference modules are
    // examples, and their targets carry names no app gives its own modules: SwiftPM refuses a
    // graph in which two packages declare one target name (an app's `SearchFeature`, `Demo`).
    products: [
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "SignalsVirtualTime", targets: ["SignalsVirtualTime"]),
        .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
        .library(name: "SignalsObservation", targets: ["SignalsObservation"]),
        .library(name: "SignalsPaging", targets: ["SignalsPaging"]),
        .library(name: "SignalsFoundation", targets: ["SignalsFoundation"]),
        .library(name: "SignalsUIKit", targets: ["SignalsUIKit"]),
    ] + demoProduct + referenceProducts,
    dependencies: [],
    targets: [
        // Signals' C: the atomics of its flags and lock words (`static inline` in the header), the
        // locks' contended paths and the thread-local of `Property.modify`'s frames.
        .target(name: "CSignalsAtomics"),
        // A C stress test of the lock words' contended paths, for SignalsTests only: not in a product.
        .target(name: "CSignalsTestHammer", dependencies: ["CSignalsAtomics"]),
        // A constructor that bounds how many test cases Swift Testing runs at once, so that a
        // test's time limit starts when the test does (CSignalsTestRun.h says why), for the
        // package's test process only: not in a product.
        .target(name: "CSignalsTestRun"),
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
        // UIKit control events as streams, main-thread binders and diffable data sources
        // (iOS, tvOS, visionOS, Mac Catalyst). Its decisions are platform-neutral and tested on
        // Linux; the UIKit adapters sit under `#if canImport(UIKit)`, so the module is empty of
        // UIKit elsewhere.
        .target(name: "SignalsUIKit", dependencies: ["Signals", "SignalsPaging"]),
        .target(name: "SignalsPhotoDomain", path: "Sources/PhotoDomain"),
        .target(
            name: "SignalsPhotoData",
            dependencies: ["SignalsPhotoDomain"],
            path: "Sources/PhotoData",
            // The data layer knows nothing of streams: its lock and seeded generator are its own.
            resources: [.copy("Resources/catalog.json")]
        ),
        .target(name: "SignalsPhotoList", dependencies: ["Signals", "SignalsPaging", "SignalsPhotoDomain"], path: "Sources/ListFeature"),
        .target(
            name: "SignalsPhotoSearch",
            dependencies: ["Signals", "SignalsPaging", "SignalsPhotoDomain", "SignalsPhotoList"],
            path: "Sources/SearchFeature"
        ),
        // The Demo's logic (arguments, REPL commands, the tour, rendering) lives in DemoSupport,
        // a tested library; the executable only wires it to the process.
        .target(
            name: "SignalsDemoSupport",
            dependencies: [
                "Signals", "SignalsVirtualTime", "SignalsPhotoDomain", "SignalsPhotoData", "SignalsPhotoList",
                "SignalsPhotoSearch"
            ],
            path: "Sources/DemoSupport"
        ),
        .executableTarget(name: "SignalsDemo", dependencies: ["SignalsDemoSupport"], path: "Sources/Demo"),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting", "CSignalsTestHammer", "CSignalsTestRun"]),
        .testTarget(name: "SignalsVirtualTimeTests", dependencies: ["Signals", "SignalsVirtualTime", "SignalsTesting"]),
        .testTarget(name: "SignalsObservationTests", dependencies: ["Signals", "SignalsObservation", "SignalsTesting"]),
        .testTarget(name: "SignalsFoundationTests", dependencies: ["Signals", "SignalsFoundation", "SignalsTesting"]),
        .testTarget(name: "SignalsTestingTests", dependencies: ["Signals", "SignalsTesting"]),
        .testTarget(name: "SignalsPagingTests", dependencies: ["Signals", "SignalsPaging", "SignalsTesting"]),
        .testTarget(name: "SignalsUIKitTests", dependencies: ["Signals", "SignalsPaging", "SignalsUIKit", "SignalsTesting"]),
        .testTarget(
            name: "PhotoDataTests",
            dependencies: ["Signals", "SignalsTesting", "SignalsPhotoDomain", "SignalsPhotoData"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ListFeatureTests",
            dependencies: ["Signals", "SignalsTesting", "SignalsPhotoDomain", "SignalsPhotoList"]
        ),
        .testTarget(
            name: "SearchFeatureTests",
            dependencies: ["Signals", "SignalsTesting", "SignalsPhotoDomain", "SignalsPhotoData", "SignalsPhotoList", "SignalsPhotoSearch"]
        ),
        // Every ```swift block of README.md and the DocC articles, compiled (and its tests run):
        // Generated/ comes from Scripts/doc-snippets.py; Tests/DocSnippetsTests/README.md says how.
        .testTarget(
            name: "DocSnippetsTests",
            dependencies: [
                "Signals", "SignalsTesting", "SignalsVirtualTime", "SignalsPaging", "SignalsObservation",
                "SignalsFoundation", "SignalsPhotoDomain", "SignalsPhotoList", "SignalsPhotoSearch"
            ],
            exclude: ["README.md", "Manifests"]
        ),
        // "SignalsDemo" is listed so that `swift test` builds the executable the tests run as a process.
        .testTarget(
            name: "DemoTests",
            dependencies: ["SignalsDemo", "SignalsDemoSupport", "Signals", "SignalsTesting", "SignalsPhotoDomain", "SignalsPhotoData"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// The reference modules as products, only for the Benchmarks package, which measures the
/// reference view models from another package (Benchmarks/README.md): `SIGNALS_REFERENCE_PRODUCTS=1`.
/// An app never sees them, so Xcode's product list holds only the library products.
var referenceProducts: [Product] {
    guard Context.environment["SIGNALS_REFERENCE_PRODUCTS"] == "1" else { return [] }
    return [
        .library(name: "SignalsPhotoDomain", targets: ["SignalsPhotoDomain"]),
        .library(name: "SignalsPhotoData", targets: ["SignalsPhotoData"]),
        .library(name: "SignalsPhotoList", targets: ["SignalsPhotoList"]),
        .library(name: "SignalsPhotoSearch", targets: ["SignalsPhotoSearch"]),
    ]
}

/// `swift run Demo`, where SwiftPM is run from this package's own folder. Nowhere else: SwiftPM
/// builds every executable product of a dependency, and one named `Demo` would be linked over an
/// app's own `Demo` binary (both are `debug/Demo`). So an app that adds Signals builds no demo.
/// Decided from the environment (`PWD`) alone, which SwiftPM's manifest cache keys on.
var demoProduct: [Product] {
    func resolved(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
    guard let directory = Context.environment["PWD"],
          resolved(directory) == resolved(Context.packageDirectory) else { return [] }
    return [.executable(name: "Demo", targets: ["SignalsDemo"])]
}
