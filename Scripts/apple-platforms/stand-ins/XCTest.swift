// Stand-in for the parts of Apple's `XCTest` the package uses, with the Swift signatures of
// Apple's SDK (Xcode 16). Type-checking only: the bodies never run.
//
// One deliberate strengthening: Apple documents that test observers must be registered on the
// main thread (XCTest raises an exception otherwise), so `addTestObserver`/`removeTestObserver`
// are `@MainActor` here and the type checker enforces that rule.
@_exported import Foundation

@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class XCTest: NSObject {
    open var name: String { fatalError() }
    open var testCaseCount: Int { fatalError() }
}

@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class XCTestCase: XCTest {
    public override init() { fatalError() }
    open func setUp() {}
    open func tearDown() {}
    open func addTeardownBlock(_ block: @escaping @Sendable () -> Void) { fatalError() }
    @available(*, deprecated, message: "Use record(_:) instead.")
    open func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) { fatalError() }
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    open func record(_ issue: XCTIssue) { fatalError() }
}

@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class XCTestSuite: XCTest {}

@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct XCTSourceCodeLocation {
    public init(filePath: String, lineNumber: Int) { fatalError() }
    public init(fileURL: URL, lineNumber: Int) { fatalError() }
}

@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
open class XCTSourceCodeContext: NSObject {
    public init(location: XCTSourceCodeLocation) { fatalError() }
}

@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct XCTIssue {
    public enum IssueType: Int, Sendable {
        case assertionFailure = 0, thrownError = 1, uncaughtException = 2, performanceRegression = 3, system = 4, unmatchedExpectedFailure = 5
    }
    public init(type: IssueType, compactDescription: String, detailedDescription: String? = nil, sourceCodeContext: XCTSourceCodeContext = XCTSourceCodeContext(location: XCTSourceCodeLocation(filePath: "", lineNumber: 0)), associatedError: (any Error)? = nil, attachments: [Any] = []) { fatalError() }
}

@available(macOS 10.11, iOS 9.0, tvOS 9.0, watchOS 2.0, *)
public protocol XCTestObservation: NSObjectProtocol {
    func testBundleWillStart(_ testBundle: Bundle)
    func testSuiteWillStart(_ testSuite: XCTestSuite)
    func testCaseWillStart(_ testCase: XCTestCase)
    func testCaseDidFinish(_ testCase: XCTestCase)
    func testSuiteDidFinish(_ testSuite: XCTestSuite)
    func testBundleDidFinish(_ testBundle: Bundle)
}
extension XCTestObservation {
    public func testBundleWillStart(_ testBundle: Bundle) {}
    public func testSuiteWillStart(_ testSuite: XCTestSuite) {}
    public func testCaseWillStart(_ testCase: XCTestCase) {}
    public func testCaseDidFinish(_ testCase: XCTestCase) {}
    public func testSuiteDidFinish(_ testSuite: XCTestSuite) {}
    public func testBundleDidFinish(_ testBundle: Bundle) {}
}

@available(macOS 10.11, iOS 9.0, tvOS 9.0, watchOS 2.0, *)
open class XCTestObservationCenter: NSObject {
    open class var shared: XCTestObservationCenter { fatalError() }
    @MainActor open func addTestObserver(_ testObserver: any XCTestObservation) { fatalError() }
    @MainActor open func removeTestObserver(_ testObserver: any XCTestObservation) { fatalError() }
}

@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) { fatalError() }
@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public func XCTAssert(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) { fatalError() }
@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public func XCTAssertTrue(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) { fatalError() }
@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public func XCTAssertEqual<T: Equatable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) { fatalError() }
