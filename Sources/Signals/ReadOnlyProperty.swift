/// A value that changes over time, readable but not settable: the state an owner exposes
/// while keeping the only way to change it (ReactiveSwift's `Property`, where Signals'
/// ``Property`` is ReactiveSwift's `MutableProperty`).
///
/// Reading ``value`` gives the current value; a binding receives it at once, then each change.
///
/// ```swift
/// final class Uploader {
///     private let progressStorage = Property(0.0)
///     /// Readers see the progress; only the uploader sets it.
///     var progress: ReadOnlyProperty<Double> { ReadOnlyProperty(progressStorage) }
/// }
/// ```
public struct ReadOnlyProperty<Value>: ObservableConvertible {
    private let current: () -> Value
    private let stream: Observable<Value>

    /// A read-only view of `property`: its value, its replay and its changes.
    public init(_ property: Property<Value>) {
        current = { property.value }
        stream = property.asObservable()
    }

    /// A read-only view of one part of `property`: `transform` of its value, and each change
    /// of that part (a change of the rest that leaves the part equal is not delivered).
    ///
    /// ```swift
    /// let isEmpty = ReadOnlyProperty(items) { $0.isEmpty }
    /// ```
    public init<Source>(_ property: Property<Source>, _ transform: @escaping (Source) -> Value) where Value: Equatable {
        current = { transform(property.value) }
        stream = property.map(transform).removeDuplicates()
    }

    /// The current value.
    public var value: Value { current() }

    /// The current value on bind, then each change.
    public func asObservable() -> Observable<Value> { stream }
}
