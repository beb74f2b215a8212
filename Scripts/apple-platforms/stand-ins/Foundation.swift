// Stand-in for the parts of Apple's `Foundation` the package uses. Type-checking only.
@_exported import ObjectiveC
@_exported import Darwin
@_exported import Dispatch

open class Bundle: NSObject, @unchecked Sendable {
    public init?(path: String) { fatalError() }
    open class var main: Bundle { fatalError() }
}
public struct URL: Hashable, Sendable {
    public init?(string: String) { fatalError() }
}
