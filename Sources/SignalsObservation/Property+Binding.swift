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
    /// view re-render when the property changes elsewhere: show the property through an
    /// `ObservedValue` (iOS 17) or a `PublishedValue` (iOS 16) for that.
    public var binding: Binding<Value> {
        Binding(get: { self.value }, set: { self.value = $0 })
    }
}
#endif
