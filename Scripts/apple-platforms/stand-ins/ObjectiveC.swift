// Stand-in for the parts of Apple's `ObjectiveC` module the package uses (NSObject, the
// autorelease pool). Type-checking only: the bodies never run.

@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NSObject: Hashable {
    public init() {}
    public static func == (a: NSObject, b: NSObject) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    open var description: String { fatalError() }
}

@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public protocol NSObjectProtocol: AnyObject {}
extension NSObject: NSObjectProtocol {}

/// Runs `body` inside an autorelease pool (objects autoreleased in it are released at its end).
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result { try body() }
