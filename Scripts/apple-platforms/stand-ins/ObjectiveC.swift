// Stand-in for the parts of Apple's `ObjectiveC` module the package uses (NSObject, the
// autorelease pool). Type-checking only: the bodies never run.

open class NSObject: Hashable {
    public init() {}
    public static func == (a: NSObject, b: NSObject) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    open var description: String { fatalError() }
}

public protocol NSObjectProtocol: AnyObject {}
extension NSObject: NSObjectProtocol {}

/// Runs `body` inside an autorelease pool (objects autoreleased in it are released at its end).
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result { try body() }
