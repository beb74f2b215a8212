// Stand-in for the names in Apple's `Combine` that Signals also uses (and a few a view model
// meets), with the signatures of Apple's SDK. Type-checking only: the bodies never run.

public protocol Cancellable {
    func cancel()
}
final public class AnyCancellable: Cancellable, Hashable {
    public init(_ cancel: @escaping () -> Void) {}
    public func cancel() {}
    public func store(in set: inout Set<AnyCancellable>) {}
    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
}
public protocol SchedulerTimeIntervalConvertible {}
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable
    var now: SchedulerTimeType { get }
}
public protocol ObservableObject: AnyObject {}
@propertyWrapper public struct Published<Value> {
    public init(wrappedValue: Value) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } set { fatalError() } }
}
