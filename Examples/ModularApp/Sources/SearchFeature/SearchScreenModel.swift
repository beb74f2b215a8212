import Signals
import SignalsObservation

/// What a SwiftUI search screen reads: the results as `@Observable` state (iOS 17+).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@MainActor
public final class SearchScreenModel {
    /// The search's input, for the text field.
    public let input = SearchViewModel.Input()
    /// The titles found, as observed state.
    public let titles: ObservedValue<[String]>
    private let viewModel: SearchViewModel

    /// Creates the screen's model around `viewModel`.
    public init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
        titles = viewModel.transform(input: input).results.map { $0.map(\.title) }.observed(initial: [])
    }
}
