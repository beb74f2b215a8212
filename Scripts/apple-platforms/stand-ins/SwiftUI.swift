// Stand-in for what a file that imports Apple's `SwiftUI` sees of the names Signals also uses:
// SwiftUI re-exports Combine (`Subject`, `Cancellable`, `AnyCancellable`, `Scheduler`) and, from
// iOS 17 / macOS 14, Observation (`Observable`). Type-checking only.
@_exported import Combine
@_exported import Observation
@_exported import Foundation

// MARK: - Views and the view builder
// The pages below (developer.apple.com/documentation/swiftui/...) show, since the Xcode 27 SDK,
// `@ContentBuilder` and builder methods without `View` constraints; these are the Xcode 26 and
// earlier declarations, where `@ViewBuilder` requires `View` content (the stricter of the two).

// https://developer.apple.com/documentation/swiftui/view,
// .../view/body-swift.associatedtype and .../view/body-8kl5o
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}
// Primitive views (Text, the stacks, the controls) have `Body == Never`; SwiftUI's interface
// gives them this body (it has no documentation page: calling it traps).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension View where Body == Never {
    public var body: Never { fatalError() }
}
// https://developer.apple.com/documentation/swift/never (Conforms To: View)
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    public typealias Body = Never
}
// https://developer.apple.com/documentation/swiftui/viewbuilder and its buildBlock(),
// buildBlock(_:), buildBlock(_:)-2bj1g, buildExpression(_:), buildIf(_:), buildEither(first:),
// buildEither(second:) pages.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content: View { fatalError() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/emptyview
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@frozen public struct EmptyView: View {
    @inlinable nonisolated public init() {}
    public typealias Body = Never
}
// https://developer.apple.com/documentation/swiftui/tupleview
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@frozen public struct TupleView<T>: View {
    public var value: T
    @inlinable public init(_ value: T) { self.value = value }
    public typealias Body = Never
}
// What `buildEither` returns (SwiftUI's interface; no documentation page of its own).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
}
// https://developer.apple.com/documentation/swift/optional (Conforms To: View, Wrapped: View)
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
}
// https://developer.apple.com/documentation/swiftui/text
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct Text: View {
    public init(_ content: String) {}
    public typealias Body = Never
}
// https://developer.apple.com/documentation/swiftui/horizontalalignment (only `.center`)
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@frozen public struct HorizontalAlignment: Equatable {
    public static let center = HorizontalAlignment()
    init() {}
}
// https://developer.apple.com/documentation/swiftui/vstack and
// .../vstack/init(alignment:spacing:content:)
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@frozen public struct VStack<Content>: View where Content: View {
    @inlinable nonisolated public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}
// https://developer.apple.com/documentation/swiftui/button, .../button/init(action:label:)
// and .../button/init(_:action:)-lpm7
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct Button<Label>: View where Label: View {
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
    @_disfavoredOverload @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol { fatalError() }
}
// https://developer.apple.com/documentation/swiftui/progressview and .../progressview/init()
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct ProgressView<Label, CurrentValueLabel>: View where Label: View, CurrentValueLabel: View {
    public typealias Body = Never
}
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
extension ProgressView where CurrentValueLabel == EmptyView {
    nonisolated public init() where Label == EmptyView { fatalError() }
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
// developer.apple.com/documentation/swiftui/observedobject (init(wrappedValue:), wrappedValue):
// `@MainActor @propertyWrapper @preconcurrency @frozen struct ObservedObject<ObjectType> where
// ObjectType : ObservableObject`; the SwiftUIScreens article's child view.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor @propertyWrapper @preconcurrency @frozen public struct ObservedObject<ObjectType: ObservableObject> {
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { fatalError() }
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper @frozen public struct State<Value> {
    public init(wrappedValue value: Value) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct TextField: View {
    @MainActor @preconcurrency public init(_ titleKey: String, text: Binding<String>) { fatalError() }
    public typealias Body = Never
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct Toggle: View {
    @MainActor @preconcurrency public init(_ titleKey: String, isOn: Binding<Bool>) { fatalError() }
    public typealias Body = Never
}
