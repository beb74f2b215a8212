import Signals
import SignalsUIKit

/// The "3 results" badge of the search screen, bound with SignalsUIKit's `Binder` (the same on
/// a UIKit label and, here, on any object).
@MainActor
public final class ResultsBadge {
    /// The badge's text, as the screen shows it.
    public private(set) var text = ""

    /// Creates an empty badge.
    public init() {}

    /// Shows the number of `results`, written on the main thread, holding the badge weakly.
    public func show(_ output: SearchViewModel.Output) -> Cancellable {
        output.results
            .map { "\($0.count) results" }
            .bind(to: Binder(self) { badge, text in
                MainActor.assumeIsolated { badge.text = text }
            })
    }
}
