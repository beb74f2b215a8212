// Stand-in for what a file that imports Apple's `SwiftUI` sees of the names Signals also uses:
// SwiftUI re-exports Combine (`Subject`, `Cancellable`, `AnyCancellable`, `Scheduler`) and, from
// iOS 17 / macOS 14, Observation (`Observable`). Type-checking only.
@_exported import Combine
@_exported import Observation
@_exported import Foundation

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol View {}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct Text: View {
    public init(_ content: String) {}
}
