import Observation
import Signals

/// An `@Observable` view of a `Property` that SwiftUI both reads and writes: reading
/// ``value`` in a body tracks it (the view re-renders when the property changes, by whoever
/// changes it), and setting it (a `TextField`, a `Toggle`) sets the property.
///
/// ```swift
/// @MainActor @Observable final class SettingsModel {
///     let name: ObservedProperty<String>
///     init(viewModel: SettingsViewModel) {
///         name = ObservedProperty(viewModel.name)       // viewModel.name: Property<String>
///     }
/// }
/// // In a SwiftUI body:
/// //     TextField("Name", text: model.name.binding)    // writes the property
/// //     Text("Hello, \(model.name.value)")             // re-renders on each change
/// ```
///
/// One object for both directions, where `property.binding` (writes only) and an
/// ``ObservedValue`` (reads only) took two. ``value`` *is* the property's value: reading it
/// returns `property.value`, setting it sets `property.value`, which delivers the new value to
/// the property's bindings synchronously, the view model's pipelines included. `$holder.value`
/// from `@Bindable` is the same two-way binding as `binding`.
///
/// The holder binds the property's `changes` when it is created, on the main
/// actor, and tells Observation of each change as it is delivered (every assignment, an equal
/// value included, as the property delivers them). It holds itself weakly, so releasing the
/// holder ends that binding; the property lives on. Change the property on the main actor (a
/// view model confined to `.main` or `.mainInline` does): in a debug build, a change delivered
/// off the main actor traps and names the line that created the holder.
///
/// Observation needs iOS 17 / macOS 14 / tvOS 17 / watchOS 10 (visionOS 1). On earlier systems
/// use `PublishedProperty`, the same holder as an `ObservableObject` (where Combine exists).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@MainActor
public final class ObservedProperty<Value>: Observation.Observable {
    /// The property this holder reads and writes.
    public let property: Signals.Property<Value>

    private let registrar = ObservationRegistrar()
    private var token: (any Cancellable)?

    /// The property's current value; reading it inside `withObservationTracking` (or a SwiftUI
    /// body) tracks it, and setting it sets the property.
    public var value: Value {
        get {
            registrar.access(self, keyPath: \.value)
            return property.value
        }
        set {
            property.value = newValue
        }
    }

    /// Creates a holder that reads and writes `property` and reports each of its changes to
    /// Observation.
    public init(
        _ property: Signals.Property<Value>,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.property = property
        token = property.changes.bind(with: self, file: file, line: line) { holder, _ in
            // The property already holds the new value: readers called now, or later, read it.
            holder.registrar.withMutation(of: holder, keyPath: \.value) {}
        }
    }

    /// Stops reporting the property's changes; ``value`` still reads and writes the property.
    public func cancel() {
        token?.cancel()
        token = nil
    }
}

extension Signals.Property {
    /// An `@Observable` holder that reads and writes this property (see ``ObservedProperty``).
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    @MainActor
    public func observed(file: StaticString = #fileID, line: UInt = #line) -> ObservedProperty<Value> {
        ObservedProperty(self, file: file, line: line)
    }
}
