// Stand-in for the parts of Apple's `Dispatch` overlay the package uses, with the Swift
// signatures of Apple's SDK (Xcode 16: work items are `@Sendable @convention(block)`).
// Type-checking only: the bodies never run. See Scripts/check-apple-platforms.sh.

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct DispatchTime: Comparable, Sendable {
    public let rawValue: UInt64
    public static func now() -> DispatchTime { fatalError() }
    public static let distantFuture = DispatchTime(rawValue: ~0)
    public init(uptimeNanoseconds: UInt64) { rawValue = uptimeNanoseconds }
    init(rawValue: UInt64) { self.rawValue = rawValue }
    public var uptimeNanoseconds: UInt64 { fatalError() }
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.rawValue < b.rawValue }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct DispatchWallTime: Sendable {
    public static func now() -> DispatchWallTime { fatalError() }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public enum DispatchTimeInterval: Equatable, Sendable {
    case seconds(Int)
    case milliseconds(Int)
    case microseconds(Int)
    case nanoseconds(Int)
    case never
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime { fatalError() }
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime { fatalError() }
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public func + (time: DispatchTime, seconds: Double) -> DispatchTime { fatalError() }
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime { fatalError() }

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public enum DispatchTimeoutResult: Sendable { case success, timedOut }

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct DispatchQoS: Equatable, Sendable {
    public static let background = DispatchQoS()
    public static let utility = DispatchQoS()
    public static let `default` = DispatchQoS()
    public static let userInitiated = DispatchQoS()
    public static let userInteractive = DispatchQoS()
    public static let unspecified = DispatchQoS()
    public enum QoSClass: Sendable { case background, utility, `default`, userInitiated, userInteractive, unspecified }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct DispatchWorkItemFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let barrier = DispatchWorkItemFlags(rawValue: 1)
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public class DispatchObject: @unchecked Sendable {
    public func resume() { fatalError() }
    public func suspend() { fatalError() }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public final class DispatchSpecificKey<T>: @unchecked Sendable {
    public init() {}
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public final class DispatchWorkItem: @unchecked Sendable {
    public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], block: @escaping @Sendable @convention(block) () -> Void) { fatalError() }
    public func perform() { fatalError() }
    public func cancel() { fatalError() }
    public var isCancelled: Bool { fatalError() }
}

// The blocking waits are `noasync` in Apple's overlay (Xcode 14.3 and later): a call made
// directly in an `async` function or closure is an error in Swift 6 mode ("instance method
// 'wait' is unavailable from asynchronous contexts; Await a Task handle instead"). Linux's
// Dispatch does not mark them, so only this check sees it. Apple's message is copied where a
// compiler diagnostic quotes it (the semaphore's); the attribute is what the check needs.
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public class DispatchGroup: DispatchObject, @unchecked Sendable {
    public override init() {}
    public func enter() { fatalError() }
    public func leave() { fatalError() }
    @available(*, noasync)
    public func wait() { fatalError() }
    @available(*, noasync)
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError() }
    @available(*, noasync)
    public func wait(wallTimeout timeout: DispatchWallTime) -> DispatchTimeoutResult { fatalError() }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public class DispatchSemaphore: DispatchObject, @unchecked Sendable {
    public init(value: Int) { fatalError() }
    @available(*, noasync, message: "Await a Task handle instead")
    public func wait() { fatalError() }
    @available(*, noasync, message: "Await a Task handle instead")
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError() }
    @available(*, noasync, message: "Await a Task handle instead")
    public func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult { fatalError() }
    @discardableResult public func signal() -> Int { fatalError() }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public class DispatchQueue: DispatchObject, @unchecked Sendable {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        public static let concurrent = Attributes(rawValue: 2)
    }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public enum AutoreleaseFrequency: Sendable { case inherit, workItem, never }
    public class var main: DispatchQueue { fatalError() }
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { fatalError() }
    public convenience init(label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [], autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) { fatalError() }
    public var label: String { fatalError() }
    public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void) { fatalError() }
    public func async(execute workItem: DispatchWorkItem) { fatalError() }
    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void) { fatalError() }
    public func asyncAfter(deadline: DispatchTime, execute: DispatchWorkItem) { fatalError() }
    public func sync<T>(execute work: () throws -> T) rethrows -> T { fatalError() }
    public func sync(execute workItem: DispatchWorkItem) { fatalError() }
    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) { fatalError() }
    public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { fatalError() }
    public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { fatalError() }
}

@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public enum DispatchPredicate: Sendable {
    case onQueue(DispatchQueue)
    case onQueueAsBarrier(DispatchQueue)
    case notOnQueue(DispatchQueue)
}
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public func dispatchPrecondition(condition: @autoclosure () -> DispatchPredicate) { fatalError() }
