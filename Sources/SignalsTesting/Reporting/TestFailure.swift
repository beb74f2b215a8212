import CSignalsTestingLoad
import Signals
import SignalsVirtualTime
import Testing
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Darwin)
import Darwin
import Dispatch
#endif

/// Where an assertion was called: captured with `#fileID`, `#filePath`, `#line` and `#column`
/// default arguments, which (unlike Swift Testing's `#_sourceLocation` macro) need no
/// `import Testing` in the calling file, and give XCTest the `StaticString` file it needs.
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// The call site as a Swift Testing source location.
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// `Module/File.swift:12`, for messages.
    var shortDescription: String { "\(fileID):\(line)" }
}

/// Records a test failure at the given call site: a Swift Testing issue inside a `@Test`, an
/// XCTest failure inside an `XCTestCase`.
///
/// Every SignalsTesting assertion reports through this, so the same helpers work in both
/// frameworks; so can yours, by forwarding your caller's location:
///
/// ```swift
/// func expectIdle(_ recorder: Recorder<Bool>,
///                 fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///                 line: UInt = #line, column: UInt = #column) {
///     if recorder.lastValue != false {
///         recordTestFailure("expected idle", fileID: fileID, filePath: filePath, line: line, column: column)
///     }
/// }
/// ```
///
/// The framework is chosen at run time: if `Test.current` is set (a Swift Testing test is
/// running on this task), the failure is an `Issue` at the call site, so `withKnownIssue`
/// can expect it; otherwise, if an XCTest test case is running, it is `XCTFail(_:file:line:)`
/// at the call site; otherwise an `Issue` with no test attached.
public func recordTestFailure(
    _ message: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    recordTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Records a test failure at `sourceLocation` (for helpers that take a Swift Testing
/// `SourceLocation`); in XCTest it is recorded on the running test case at the same file and line.
public func recordTestFailure(_ message: String, sourceLocation: SourceLocation) {
    if Test.current == nil, XCTestBridge.recordFailure(message, sourceLocation: sourceLocation) {
        return
    }
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Records a failure at `callSite` in whichever test framework is running.
func recordTestFailure(_ message: String, at callSite: CallSite) {
    if Test.current == nil, XCTestBridge.recordFailure(message, at: callSite) {
        return
    }
    Issue.record(Comment(rawValue: message), sourceLocation: callSite.sourceLocation)
}

/// Records failures on the running XCTest test case, if there is one.
///
/// Swift Testing issues recorded while an XCTest test runs are dropped on Linux (corelibs
/// XCTest installs no interoperability handler), so XCTest needs its own call. To know
/// whether an XCTest test case is running, and which (for `SourceLocation`s, whose file is a
/// `String` that `XCTFail` cannot take), an `XCTestObservation` observer is registered when
/// the library loads (a C constructor in CSignalsTestingLoad), or on first use if a host skips it.
enum XCTestBridge {
    #if canImport(XCTest)
    /// `XCTFail` at `callSite` if an XCTest test case is running; false if none is.
    static func recordFailure(_ message: String, at callSite: CallSite) -> Bool {
        CurrentTestCaseObserver.registerOnce()
        guard CurrentTestCaseObserver.shared.current != nil else { return false }
        XCTFail(message, file: callSite.filePath, line: callSite.line)
        return true
    }

    /// Records `message` on the running XCTest test case at `sourceLocation`; false if none is.
    static func recordFailure(_ message: String, sourceLocation: SourceLocation) -> Bool {
        CurrentTestCaseObserver.registerOnce()
        guard let testCase = CurrentTestCaseObserver.shared.current else { return false }
        let filePath = sourceLocation.portableFilePath
        #if canImport(Darwin)
        // Apple's XCTest deprecates `recordFailure(withDescription:…)` for `record(_:)`.
        let location = XCTSourceCodeLocation(filePath: filePath, lineNumber: sourceLocation.line)
        testCase.record(XCTIssue(
            type: .assertionFailure,
            compactDescription: message,
            sourceCodeContext: XCTSourceCodeContext(location: location)
        ))
        #else
        // corelibs XCTest has no `XCTIssue`.
        testCase.recordFailure(
            withDescription: message,
            inFile: filePath,
            atLine: sourceLocation.line,
            expected: true
        )
        #endif
        return true
    }

    /// Runs `block` when the running XCTest test case tears down (before it is reported as
    /// finished, so failures recorded in `block` fail that test); does nothing outside XCTest.
    static func addTeardownBlock(_ block: @escaping @Sendable () -> Void) {
        CurrentTestCaseObserver.registerOnce()
        guard Test.current == nil, let testCase = CurrentTestCaseObserver.shared.current else { return }
        testCase.addTeardownBlock(block)
    }
    #else
    /// XCTest is not available on this platform.
    static func recordFailure(_ message: String, at callSite: CallSite) -> Bool { false }

    /// XCTest is not available on this platform.
    static func recordFailure(_ message: String, sourceLocation: SourceLocation) -> Bool { false }

    /// XCTest is not available on this platform.
    static func addTeardownBlock(_ block: @escaping @Sendable () -> Void) {}
    #endif
}

#if canImport(XCTest)
/// Tracks the XCTest test case that is running (XCTest runs one at a time).
final class CurrentTestCaseObserver: NSObject, XCTestObservation, @unchecked Sendable {
    // Lock holder: `testCase` and `isRegistered` are guarded by `lock`.
    static let shared = CurrentTestCaseObserver()

    private let lock = Locked()
    // Strong, and cleared when the test case finishes: a `weak` reference would give every test
    // case a weak-reference side table, which XCTest keeps alive until exit where LeakSanitizer
    // reports it (its only pointer is encoded in the object's reference count).
    private var testCase: XCTestCase?
    // XCTest keeps every suite and test case (and what their properties hold) alive until the
    // process exits, but on Linux nothing it keeps points at them then, so LeakSanitizer would
    // report them all as leaked: holding them from this process-wide observer keeps them
    // reachable without changing their lifetime.
    private var keptUntilExit: [XCTest] = []
    private var isRegistered = false

    /// The test case that is running, if any.
    var current: XCTestCase? { lock.withLock { testCase } }

    /// Adds the observer to XCTest's observation center, once.
    ///
    /// Normally done when the test bundle loads (`signals_testing_register_observer`, called by
    /// CSignalsTestingLoad's constructor), before any test starts; this call is the fallback for
    /// hosts that skip load-time constructors. Apple's XCTest accepts observers on the main
    /// thread only: there it registers at once on the main thread, and from any other thread
    /// hands the registration to the main queue (never `sync`: the main thread may be waiting
    /// for this one). corelibs XCTest (Linux) has no such rule and registers on any thread.
    static func registerOnce() {
        _ = signals_testing_load_hook_linked()
        let shouldRegister = shared.lock.withLock { () -> Bool in
            defer { shared.isRegistered = true }
            return !shared.isRegistered
        }
        guard shouldRegister else { return }
        #if canImport(Darwin)
        if pthread_main_np() != 0 {
            MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(shared) }
        } else {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(shared) }
            }
        }
        #else
        XCTestObservationCenter.shared.addTestObserver(shared)
        #endif
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock {
            self.testCase = testCase
            keptUntilExit.append(testCase)
        }
    }

    func testSuiteWillStart(_ testSuite: XCTestSuite) {
        lock.withLock { keptUntilExit.append(testSuite) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.withLock {
            if self.testCase === testCase { self.testCase = nil }
        }
    }
}

#endif

/// Registers the XCTest observer when SignalsTesting is loaded, before any test starts: called
/// by the constructor in CSignalsTestingLoad (a C constructor works on ELF and Mach-O and with
/// every supported compiler; `@section(".init_array")` needed Swift 6.3 and ELF). Without
/// XCTest it does nothing.
@_cdecl("signals_testing_register_observer")
func registerCurrentTestCaseObserverAtLoad() {
    // `TestScheduler.run()` at its action limit records a failure instead of trapping.
    TestScheduler.reportActionLimit = { message, fileID, filePath, line, column in
        recordTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #if canImport(XCTest)
    CurrentTestCaseObserver.registerOnce()
    #endif
}


extension SourceLocation {
    /// The file's path: `filePath` from Swift Testing 6.3, `_filePath` before (the same value,
    /// then underscored), so that SignalsTesting builds with every compiler from 6.0.
    var portableFilePath: String {
        #if compiler(>=6.3)
        filePath
        #else
        _filePath
        #endif
    }
}
