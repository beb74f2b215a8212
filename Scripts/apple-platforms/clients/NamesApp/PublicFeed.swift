// Public API of a module that uses the one-file recipe (SignalsNames.swift): a package of
// features or a framework declares its public types in Signals' names, unqualified, beside
// `import SwiftUI` (Combine's `Subject`, `Cancellable`, `AnyCancellable`, `Scheduler`,
// `ImmediateScheduler` and Observation's `Observable` are in scope too). This compiles only
// because the recipe's aliases are public.
import Signals
import SwiftUI

/// A feed whose outputs are part of the module's public API.
public final class PublicFeed {
    /// Send when the user pulls to refresh.
    public let refreshTapped = Subject<Void>()
    /// Emits the feed's items after each refresh.
    public let items: Observable<[String]>
    /// The binding the feed keeps while it lives.
    public private(set) var cleanup: (any Cancellable)?

    /// Creates a feed whose refreshes are delayed on `scheduler`.
    public init(scheduler: some Scheduler = ImmediateScheduler()) {
        items = refreshTapped
            .delay(for: .milliseconds(10), scheduler: scheduler)
            .map { ["photo"] }
        cleanup = AnyCancellable {}
    }

    /// A stream of this feed's item counts.
    public func counts() -> Observable<Int> {
        items.map(\.count)
    }
}

/// A public view in the same module, reading a Signals stream through SwiftUI's names.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct PublicFeedView: View {
    private let feed: PublicFeed

    /// Shows `feed`.
    public init(feed: PublicFeed) {
        self.feed = feed
    }

    /// The view's content.
    public var body: some View {
        Text("\(feed.refreshTapped.bindingCount)")
    }
}
