// Stand-in for what a file that imports Apple's `SwiftUI` sees of the names Signals also uses:
// SwiftUI re-exports Combine (`Subject`, `Cancellable`, `AnyCancellable`, `Scheduler`) and, from
// iOS 17 / macOS 14, Observation (`Observable`). Type-checking only.
@_exported import Combine
@_exported import Observation
@_exported import Foundation

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol View {}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct Text: View {
    public init(_ content: String) {}
}

// MARK: - State wrappers (SignalsObservation's `Property.binding`, the client files)

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public var transaction: Int { fatalError() }
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Binding: @unchecked Sendable where Value: Sendable {}
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
@frozen @propertyWrapper public struct StateObject<ObjectType: ObservableObject> {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { fatalError() }
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper @frozen public struct State<Value> {
    public init(wrappedValue value: Value) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct TextField: View {
    @MainActor @preconcurrency public init(_ titleKey: String, text: Binding<String>) { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct Toggle: View {
    @MainActor @preconcurrency public init(_ titleKey: String, isOn: Binding<Bool>) { fatalError() }
}
