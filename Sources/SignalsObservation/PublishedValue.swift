// The iOS 13+ way for SwiftUI to observe a stream: an `ObservableObject` holding its latest
// value, beside the iOS 17 `ObservedValue`. Compiled where Combine exists; Bridges/ (a separate
// package) compiles this same file against OpenCombine on Linux, with `SIGNALS_OPENCOMBINE`
// defined, and tests it there. Names Combine shares with Signals are written `Signals.Name`.
#if SIGNALS_OPENCOMBINE
import OpenCombine
import Signals
#elseif canImport(Combine)
import Combine
import Signals
#endif

#if SIGNALS_OPENCOMBINE || canImport(Combine)

/// An `ObservableObject` holding a stream's latest value, for SwiftUI on iOS 16 / macOS 13
/// (where `@Observable` and ``ObservedValue`` are not available).
///
/// ```swift
/// struct LoginScreen: View {
///     @StateObject private var isLoading: PublishedValue<Bool>
///     init(output: LoginViewModel.Output) {
///         _isLoading = StateObject(wrappedValue: PublishedValue(output.isLoading, initial: false))
///     }
///     var body: some View {
///         if isLoading.value { ProgressView() }
///     }
/// }
/// ```
///
/// It behaves as a `@Published` property: each delivered value sends `objectWillChange`, then
/// becomes `value`. The holder binds `stream` when it is created, on the main actor, and keeps
/// that binding for its lifetime (holding itself weakly, so releasing the holder ends the
/// binding). `stream` must deliver on the main actor, as for ``ObservedValue``: streams built
/// on the main actor and `receive(on: .main)` do. In a debug build, a value delivered off the
/// main actor traps and names the line that created the holder.
public final class PublishedValue<Value>: ObservableObject {
    /// Sent before each change of ``value``, as `@Published` does.
    public let objectWillChange = ObservableObjectPublisher()

    /// The latest value delivered (or `initial` until the first one).
    public private(set) var value: Value

    private var token: (any Signals.Cancellable)?

    /// Creates a holder showing `initial` until `stream` delivers, then its latest value
    /// (a `Property`-backed output replays its current value at once).
    @MainActor
    public init(
        _ stream: some ObservableConvertible<Value>,
        initial: Value,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        value = initial
        token = stream.bind(with: self, file: file, line: line) { holder, value in
            holder.objectWillChange.send()
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
    /// An `ObservableObject` holder of this stream's latest value (see `PublishedValue`), for
    /// SwiftUI on systems before `@Observable`.
    @MainActor
    public func published(
        initial: Value,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PublishedValue<Value> {
        PublishedValue(self, initial: initial, file: file, line: line)
    }
}

#endif
