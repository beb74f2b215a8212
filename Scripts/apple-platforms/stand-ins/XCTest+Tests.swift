// Stand-in additions for what the package's tests (and the example's) use of Apple's `XCTest`
// beyond SignalsTesting. Signatures of Apple's SDK. Type-checking only.

@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public func XCTAssertFalse(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) { fatalError() }
@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public func XCTAssertNil(_ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) { fatalError() }
