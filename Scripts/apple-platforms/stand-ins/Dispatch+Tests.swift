// Stand-in additions for what the package's tests use of Apple's `Dispatch` beyond the library
// (the tests are type-checked for macOS 13, where `swift test` runs). Signatures of Apple's SDK;
// availability: the members are as old as `DispatchQueue`. Type-checking only.

extension DispatchQueue {
    public class func concurrentPerform(iterations: Int, execute work: (Int) -> Void) { fatalError() }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public protocol DispatchSourceProtocol {
    func setEventHandler(qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: (@Sendable @convention(block) () -> Void)?)
    func resume()
    func cancel()
}
extension DispatchSourceProtocol {
    public func setEventHandler(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], handler: (@Sendable @convention(block) () -> Void)?) { fatalError() }
}
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public protocol DispatchSourceSignal: DispatchSourceProtocol {}
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public enum DispatchSource {
    public static func makeSignalSource(signal: Int32, queue: DispatchQueue? = nil) -> any DispatchSourceSignal { fatalError() }
}
