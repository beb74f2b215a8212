// The SwiftUI bridge for writable state: a `Binding` to a `Property`. Compiled where SwiftUI
// exists (Apple platforms); type-checked there by Scripts/check-apple-platforms.sh.
#if canImport(SwiftUI)
import Signals
import SwiftUI

extension Signals.Property where Value: Sendable {
    /// A SwiftUI `Binding` that reads this property's current `value` and writes to it.
    ///
    /// ```swift
    /// TextField("Search", text: model.query.binding)   // model.query: Property<String>
    /// ```
    ///
    /// A write sets `value`, so it is delivered to the property's bindings synchronously on the
    /// writing thread (SwiftUI writes on the main thread). The binding itself does not make a
    /// view re-render when the property changes elsewhere: for a control that both reads and
    /// writes, hold the property in an `ObservedProperty` (iOS 17) or a `PublishedProperty`
    /// (iOS 16) and use its `binding`.
    public var binding: Binding<Value> {
        Binding(get: { self.value }, set: { self.value = $0 })
    }
}
#endif

#if canImport(SwiftUI)
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension ObservedProperty where Value: Sendable {
    /// A SwiftUI `Binding` that reads and writes the property; reading it in a body also
    /// tracks the value, so the view re-renders when the property changes.
    ///
    /// ```swift
    /// TextField("Name", text: model.name.binding)   // model.name: ObservedProperty<String>
    /// ```
    public var binding: Binding<Value> {
        _ = value                                   // tracked: a change re-renders the reader
        return property.binding
    }
}
#endif
