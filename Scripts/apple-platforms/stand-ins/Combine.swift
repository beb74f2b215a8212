// Stand-in for the names in Apple's `Combine` that Signals also uses (and a few a view model
// meets), with the signatures of Apple's SDK. Type-checking only: the bodies never run.

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Cancellable {
    func cancel()
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
final public class AnyCancellable: Cancellable, Hashable {
    public init(_ cancel: @escaping () -> Void) {}
    public func cancel() {}
    public func store(in set: inout Set<AnyCancellable>) {}
    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol SchedulerTimeIntervalConvertible {}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable
    var now: SchedulerTimeType { get }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper public struct Published<Value> {
    public init(wrappedValue: Value) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } set { fatalError() } }
    public var projectedValue: Published<Value>.Publisher { mutating get { fatalError() } set { fatalError() } }
}

// MARK: - The publisher/subscriber protocol, for Signals' Combine bridge
// (Sources/Signals/Bridges/Observable+Combine.swift, Sources/SignalsObservation/PublishedValue.swift)

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct CombineIdentifier: Hashable, CustomStringConvertible {
    public init() { fatalError() }
    public init(_ obj: AnyObject) { fatalError() }
    public var description: String { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public enum Subscribers {
    @frozen public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible {
        public static var unlimited: Subscribers.Demand { fatalError() }
        public static var none: Subscribers.Demand { fatalError() }
        @inlinable public static func max(_ value: Int) -> Subscribers.Demand { fatalError() }
        public var description: String { fatalError() }
        @inlinable public static func + (lhs: Subscribers.Demand, rhs: Subscribers.Demand) -> Subscribers.Demand { fatalError() }
        @inlinable public static func += (lhs: inout Subscribers.Demand, rhs: Subscribers.Demand) { fatalError() }
        @inlinable public static func - (lhs: Subscribers.Demand, rhs: Int) -> Subscribers.Demand { fatalError() }
        @inlinable public static func -= (lhs: inout Subscribers.Demand, rhs: Int) { fatalError() }
        @inlinable public static func > (lhs: Subscribers.Demand, rhs: Int) -> Bool { fatalError() }
        @inlinable public static func < (lhs: Subscribers.Demand, rhs: Subscribers.Demand) -> Bool { fatalError() }
        @inlinable public static func == (lhs: Subscribers.Demand, rhs: Int) -> Bool { fatalError() }
        @inlinable public var max: Int? { fatalError() }
        public init(from decoder: any Decoder) throws { fatalError() }
        public func encode(to encoder: any Encoder) throws { fatalError() }
    }
    @frozen public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    func receive(subscription: any Subscription)
    func receive(_ input: Self.Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Self.Failure>)
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Publisher {
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Failure == Failure, S.Input == Output { fatalError() }
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void) -> AnyCancellable { fatalError() }
    @inlinable public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@frozen public struct AnyPublisher<Output, Failure: Error>: CustomStringConvertible, CustomPlaygroundDisplayConvertible, Publisher {
    public var description: String { fatalError() }
    public var playgroundDescription: Any { fatalError() }
    @inlinable public init<P: Publisher>(_ publisher: P) where Output == P.Output, Failure == P.Failure { fatalError() }
    @inlinable public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
final public class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    final public func receive<S: Subscriber>(subscriber: S) where S.Failure == Never, S.Input == Void { fatalError() }
    final public func send() { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct ImmediateScheduler: Scheduler {
    public struct SchedulerTimeType: Strideable {
        public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, SchedulerTimeIntervalConvertible {
            public init(floatLiteral value: Double) { fatalError() }
            public init?<T: BinaryInteger>(exactly source: T) { fatalError() }
            public init(integerLiteral value: Int) { fatalError() }
            public var magnitude: Int { fatalError() }
            public static func < (lhs: Stride, rhs: Stride) -> Bool { fatalError() }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { fatalError() }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { fatalError() }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { fatalError() }
            public static func *= (lhs: inout Stride, rhs: Stride) { fatalError() }
            public init(from decoder: any Decoder) throws { fatalError() }
            public func encode(to encoder: any Encoder) throws { fatalError() }
        }
        public func distance(to other: SchedulerTimeType) -> Stride { fatalError() }
        public func advanced(by n: Stride) -> SchedulerTimeType { fatalError() }
    }
    public static var shared: ImmediateScheduler { fatalError() }
    public var now: SchedulerTimeType { fatalError() }
}
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Published {
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never { fatalError() }
    }
}
