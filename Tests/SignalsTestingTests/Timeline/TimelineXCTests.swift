import Signals
import SignalsTesting
import XCTest

/// A `Timeline` kept in an `XCTestCase` property still fails its own test when emissions were
/// left unasserted: XCTest keeps test-case instances (and their properties) alive until the
/// whole run ends, so the check runs when the test case tears down, not on deinit.
final class TimelineXCTests: XCTestCase {
    private var timeline: Timeline!
    private let subject = Subject<Int>()
    private var teardownFailures: [String] = []

    override func setUp() {
        super.setUp()
        timeline = Timeline()
        timeline.record("count", subject.asObservable())
    }

    /// Keeps the timeline's teardown failure (the behaviour under test) out of the results.
    /// Deprecated like the method it overrides (Apple's XCTest deprecates it), so the call to
    /// `super` compiles without a warning on macOS.
    @available(*, deprecated, message: "XCTest calls it; tests do not")
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if description.contains("Timeline's test ended with") {
            teardownFailures.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// Runs after every teardown block, so after the timeline's check.
    override func tearDown() {
        if name.contains("testUnassertedEmissionsFailTheTestWhenItTearsDown") {
            XCTAssertEqual(teardownFailures.count, 1)
            XCTAssertTrue(teardownFailures.first?.contains("+ count: 2 @ 0.0 seconds") == true)
        } else {
            XCTAssertEqual(teardownFailures, [])
        }
        // XCTest keeps this test case until exit; releasing the checked timeline frees its
        // weak-reference side table, which LeakSanitizer would otherwise report at exit.
        timeline = nil
        super.tearDown()
    }

    func testUnassertedEmissionsFailTheTestWhenItTearsDown() {
        subject.send(1)
        timeline.expect { ("count", 1) }
        subject.send(2)
    }

    func testAssertedEmissionsPassAtTeardown() {
        subject.send(1)
        timeline.expect { ("count", 1) }
    }
}
