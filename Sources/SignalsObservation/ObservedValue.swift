import Observation
import Signals

/// An `@Observable` holder of a stream's latest value, updated on the main actor: the state a
/// SwiftUI view, or an `@Observable` view model, reads.
///
/// ```swift
/// @MainActor @Observable final class LoginModel {
///     let isLoading: ObservedValue<Bool>
///     init(output: LoginViewModel.Output) {
///         isLoading = ObservedValue(output.isLoading, initial: false)
///     }
/// }
/// // In a SwiftUI body: `if model.isLoading.value { ProgressView() }`
/// ```
///
/// The holder binds `stream` when it is created, on the main actor, and keeps that binding
/// for its lifetime (holding itself weakly, so releasing the holder ends the binding). Values
/// are applied synchronously as they are delivered; `stream` must deliver on the main actor —
/// which streams built on the main actor (`Observable.task`, the AsyncSequence bridge) and
/// `receive(on: .main)` do. In a debug build, a value delivered off the main actor traps and
/// names the line that created the holder.
///
/// Observation needs iOS 17 / macOS 14 / tvOS 17 / watchOS 10 (visionOS 1). On earlier systems
/// (the package supports iOS 16 / macOS 13) use `PublishedValue`, the same holder as an
/// `ObservableObject` (where Combine exists), or bind the output into your own
/// `ObservableObject`'s `@Published` property; SwiftUI reads either the same way:
///
/// ```swift
/// @MainActor final class LoginModel: ObservableObject {
///     @Published private(set) var isLoading = false
///     private let bag = CancellableBag()
///     init(output: LoginViewModel.Output) {
///         output.isLoading.bind(with: self) { model, value in model.isLoading = value }.store(in: bag)
///     }
/// }
/// ```
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@MainActor
@Observable
public final class ObservedValue<Value> {
    /// The latest value delivered (or `initial` until the first one); reading it inside
    /// `withObservationTracking` (or a SwiftUI body) tracks it.
    public private(set) var value: Value

    @ObservationIgnored private var token: (any Cancellable)?

    /// Creates a holder showing `initial` until `stream` delivers, then its latest value
    /// (a `Property`-backed output replays its current value at once).
    public init(
        _ stream: some ObservableConvertible<Value>,
        initial: Value,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        value = initial
        token = stream.bind(with: self, file: file, line: line) { holder, value in
            holder.value = value
        }
    }

    /// Ends the binding: the holder keeps its last value.
    public func cancel() {
        token?.cancel()
        token = nil
    }
}

extension ObservableConvertible {
    /// An `@Observable` holder of this stream's latest value (see ``ObservedValue``).
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    @MainActor
    public func observed(
        initial: Value,
        file: StaticString = #fileID, line: UInt = #line
    ) -> ObservedValue<Value> {
        ObservedValue(self, initial: initial, file: file, line: line)
    }
}
