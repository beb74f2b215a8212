// Stand-in for the part of Apple's `CoreGraphics` that UIKit code meets: the geometry types of
// frames and layouts (`CGFloat`, `CGPoint`, `CGSize`, `CGRect`). UIKit re-exports it, as the SDK's
// UIKit does. Only what the UIKit stand-in and the UIKit examples use; type-checking only.

// developer.apple.com/documentation/corefoundation/cgfloat: `@frozen struct CGFloat`, the
// Swift overlay's type (no availability in the SDK). Its `BinaryFloatingPoint` conformance is
// cut down to literals, comparison and the four operations.
@frozen public struct CGFloat: Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init() { fatalError() }
    public init(_ value: Double) { fatalError() }
    public init(_ value: Int) { fatalError() }
    public init(floatLiteral value: Double) { fatalError() }
    public init(integerLiteral value: Int) { fatalError() }
    public static func < (lhs: CGFloat, rhs: CGFloat) -> Bool { fatalError() }
    public static func + (lhs: CGFloat, rhs: CGFloat) -> CGFloat { fatalError() }
    public static func - (lhs: CGFloat, rhs: CGFloat) -> CGFloat { fatalError() }
    public static func * (lhs: CGFloat, rhs: CGFloat) -> CGFloat { fatalError() }
    public static func / (lhs: CGFloat, rhs: CGFloat) -> CGFloat { fatalError() }
}

// developer.apple.com/documentation/corefoundation/cgpoint: `struct CGPoint`.
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public struct CGPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init() { fatalError() }
    public init(x: CGFloat, y: CGFloat) { fatalError() }
    public init(x: Double, y: Double) { fatalError() }
    public init(x: Int, y: Int) { fatalError() }
    public static var zero: CGPoint { fatalError() }
}

// developer.apple.com/documentation/corefoundation/cgsize: `struct CGSize`.
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public struct CGSize: Hashable, Sendable {
    public var width: CGFloat
    public var height: CGFloat
    public init() { fatalError() }
    public init(width: CGFloat, height: CGFloat) { fatalError() }
    public init(width: Double, height: Double) { fatalError() }
    public init(width: Int, height: Int) { fatalError() }
    public static var zero: CGSize { fatalError() }
}

// developer.apple.com/documentation/corefoundation/cgrect: `struct CGRect`.
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public struct CGRect: Hashable, Sendable {
    public var origin: CGPoint
    public var size: CGSize
    public init() { fatalError() }
    public init(origin: CGPoint, size: CGSize) { fatalError() }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) { fatalError() }
    public init(x: Double, y: Double, width: Double, height: Double) { fatalError() }
    public init(x: Int, y: Int, width: Int, height: Int) { fatalError() }
    public var width: CGFloat { fatalError() }
    public var height: CGFloat { fatalError() }
    public static var zero: CGRect { fatalError() }
}
