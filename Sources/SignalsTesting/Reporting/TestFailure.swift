import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Records a test failure at `sourceLocation`: a Swift Testing issue inside a `@Test`, an
/// XCTest failure inside an `XCTestCase`.
///
/// Every SignalsTesting assertion reports through this function, so the same helpers work in
/// both frameworks, and so can yours:
///
/// ```swift
/// func expectIdle(_ recorder: Recorder<Bool>, sourceLocation: SourceLocation = #_sourceLocation) {
///     if recorder.lastValue != false {
///         recordTestFailure("expected idle", sourceLocation: sourceLocation)
///     }
/// }
/// ```
///
/// How the framework is chosen: if `Test.current` is set (a Swift Testing test is running on
/// this task), the failure is an `Issue` at `sourceLocation`, so `withKnownIssue` can expect
/// it. Otherwise, if an XCTest test case is running, the failure is recorded on it with
/// `recordFailure(withDescription:inFile:atLine:expected:)` at the same file and line.
/// Otherwise it is recorded as an `Issue` with no test attached.
public func recordTestFailure(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if Test.current == nil, XCTestBridge.recordFailure(message, sourceLocation: sourceLocation) {
        return
    }
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Finds the running XCTest test case, if any, and records failures on it.
///
/// Swift Testing issues recorded while an XCTest test runs are dropped on Linux (corelibs
/// XCTest installs no interoperability handler), and `XCTFail` only takes a `StaticString`
/// file, which a `SourceLocation` cannot provide. So an `XCTestObservation` observer tracks
/// the running test case, and failures go through its `recordFailure`, which takes the file
/// as a `String`. The observer is registered when the library is loaded (ELF `.init_array`,
/// SE-0492 `@section`), so it sees every test case start; elsewhere it is registered on first
/// use, and a failure before any test case has been seen falls back to `XCTFail` with the
/// location written into the message.
enum XCTestBridge {
    #if canImport(XCTest)
    /// Records `message` on the running XCTest test case; returns false when none is running.
    static func recordFailure(_ message: String, sourceLocation: SourceLocation) -> Bool {
        CurrentTestCaseObserver.registerOnce()
        if let testCase = CurrentTestCaseObserver.shared.current {
            testCase.recordFailure(
                withDescription: message,
                inFile: sourceLocation.filePath,
                atLine: sourceLocation.line,
                expected: true
            )
            return true
        }
        if CurrentTestCaseObserver.shared.isInsideXCTestRun {
            XCTFail("\(sourceLocation.filePath):\(sourceLocation.line): \(message)")
            return true
        }
        return false
    }
    #else
    /// XCTest is not available on this platform.
    static func recordFailure(_ message: String, sourceLocation: SourceLocation) -> Bool { false }
    #endif
}

#if canImport(XCTest)
/// Tracks the XCTest test case that is running (XCTest runs one at a time).
final class CurrentTestCaseObserver: NSObject, XCTestObservation, @unchecked Sendable {
    // Lock holder: `testCase` and `bundleIsRunning` are guarded by `lock`.
    static let shared = CurrentTestCaseObserver()

    private let lock = NSLockLike()
    private weak var testCase: XCTestCase?
    private var bundleIsRunning = false
    private var isRegistered = false

    /// The test case that is running, if any.
    var current: XCTestCase? { lock.withLock { testCase } }

    /// Whether an XCTest bundle is running (a test case may not have been observed yet).
    var isInsideXCTestRun: Bool { lock.withLock { bundleIsRunning } }

    /// Adds the observer to XCTest's observation center, once.
    static func registerOnce() {
        let shouldRegister = shared.lock.withLock { () -> Bool in
            defer { shared.isRegistered = true }
            return !shared.isRegistered
        }
        if shouldRegister {
            XCTestObservationCenter.shared.addTestObserver(shared)
        }
    }

    func testBundleWillStart(_ testBundle: Bundle) {
        lock.withLock { bundleIsRunning = true }
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        lock.withLock { bundleIsRunning = false }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock {
            self.testCase = testCase
            bundleIsRunning = true
        }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.withLock {
            if self.testCase === testCase { self.testCase = nil }
        }
    }
}

#if objectFormat(ELF)
/// Registers the XCTest observer when SignalsTesting is loaded, before any test starts.
@used @section(".init_array")
let registerCurrentTestCaseObserver: @convention(c) () -> Void = {
    CurrentTestCaseObserver.registerOnce()
}
#endif
#endif
