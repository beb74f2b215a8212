// Stand-in for what a file that imports Apple's `SwiftUI` sees of the names Signals also uses:
// SwiftUI re-exports Combine (`Subject`, `Cancellable`, `AnyCancellable`, `Scheduler`) and, from
// iOS 17 / macOS 14, Observation (`Observable`). Type-checking only.
@_exported import Combine
@_exported import Observation
@_exported import Foundation

@MainActor @preconcurrency public protocol View {}
public struct Text: View {
    public init(_ content: String) {}
}
