// The iOS 13+ two-way holder of a `Property` for SwiftUI: an `ObservableObject` beside the
// iOS 17 `ObservedProperty`. Compiled where Combine exists; Bridges/ (a separate package)
// compiles this same file against OpenCombine on Linux, with `SIGNALS_OPENCOMBINE` defined.
// Names Combine shares with Signals are written `Signals.Name`.
#if SIGNALS_OPENCOMBINE
import OpenCombine
import Signals
#elseif canImport(Combine)
import Combine
import Signals
#endif
#if canImport(SwiftUI)
import SwiftUI
#endif

#if SIGNALS_OPENCOMBINE || canImport(Combine)

/// An `ObservableObject` view of a `Property` that SwiftUI both reads and writes, for iOS 16 /
/// macOS 13 (where `@Observable` and `ObservedProperty` are not available).
///
/// ```swift
/// struct NameField: View {
///     @StateObject private var name: PublishedProperty<String>
///     init(viewModel: SettingsViewModel) {                  // viewModel.name: Property<String>
///         _name = StateObject(wrappedValue: PublishedProperty(viewModel.name))
///     }
///     var body: some View {
///         TextField("Name", text: $name.value)                // writes the property
///         Text("Hello, \(name.value)")                         // re-renders on each change
///     }
/// }
/// ```
///
/// ``value`` *is* the property's value: reading it returns `property.value`, setting it sends
/// `objectWillChange` and then sets `property.value`, which delivers the new value to the
/// property's bindings synchronously. A change made to the property elsewhere sends
/// `objectWillChange` as it is delivered (after the property changed: SwiftUI re-renders on the
/// next turn of the main run loop either way). The holder binds the property's changes when it
/// is created, on the main actor, and holds itself weakly, so releasing the holder ends that
/// binding. Change the property on the main actor: in a debug build, a change delivered off
/// the main actor traps and names the line that created the holder.
public final class PublishedProperty<Value>: ObservableObject {
    /// Sent before a change made through ``value``, and as a change made elsewhere is delivered.
    public let objectWillChange = ObservableObjectPublisher()

    /// The property this holder reads and writes.
    public let property: Signals.Property<Value>

    private var token: (any Signals.Cancellable)?
    /// Set while ``value``'s setter writes, so that its own change is announced once.
    private var isWriting = false

    /// The property's current value; setting it sends `objectWillChange`, then sets the property.
    public var value: Value {
        get { property.value }
        set {
            objectWillChange.send()
            isWriting = true
            property.value = newValue
            isWriting = false
        }
    }

    /// Creates a holder that reads and writes `property` and announces each of its changes.
    @MainActor
    public init(
        _ property: Signals.Property<Value>,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.property = property
        token = property.changes.bind(with: self, file: file, line: line) { holder, _ in
            if !holder.isWriting { holder.objectWillChange.send() }
        }
    }

    /// Stops announcing the property's changes; ``value`` still reads and writes the property.
    public func cancel() {
        token?.cancel()
        token = nil
    }
}

extension Signals.Property {
    /// An `ObservableObject` holder that reads and writes this property (see
    /// `PublishedProperty`), for SwiftUI on systems before `@Observable`.
    @MainActor
    public func published(file: StaticString = #fileID, line: UInt = #line) -> PublishedProperty<Value> {
        PublishedProperty(self, file: file, line: line)
    }
}

#endif

#if canImport(SwiftUI)
extension PublishedProperty where Value: Sendable {
    /// A SwiftUI `Binding` that reads and writes the property: a write sets it, and the
    /// holder announces the change as it is delivered (`$holder.value`, from `@ObservedObject`
    /// or `@StateObject`, also announces it before).
    public var binding: Binding<Value> { property.binding }
}
#endif
