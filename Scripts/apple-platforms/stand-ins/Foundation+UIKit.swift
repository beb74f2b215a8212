// What UIKit code meets of Apple's Foundation beyond the package's own uses: `NSCoder`, the
// argument of the `required init?(coder:)` every UIView and UIViewController subclass writes.
// Type-checking only.

// developer.apple.com/documentation/foundation/nscoder: `class NSCoder`.
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NSCoder: NSObject {}
