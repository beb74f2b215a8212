import Signals
import SignalsTesting
import Testing
import XCTest

/// The SignalsTesting assertions used from XCTest: passing ones record nothing, failing ones
/// are XCTest failures at the caller's file and line.
final class XCTestInteropTests: XCTestCase {
    private struct Failure {
        let description: String
        let filePath: String
        let line: Int
    }

    private var captured: [Failure]?

    /// Records failures into `captured` while capturing; otherwise fails the test as usual.
    /// Deprecated like the method it overrides (Apple's XCTest deprecates it), so the call to
    /// `super` compiles without a warning on macOS.
    @available(*, deprecated, message: "XCTest calls it; tests do not")
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if captured != nil {
            captured?.append(Failure(description: description, filePath: filePath, line: lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    private func capturingFailures(_ body: () -> Void) -> [Failure] {
        captured = []
        body()
        defer { captured = nil }
        return captured ?? []
    }

    func testPassingMarbleAssertionRecordsNothing() throws {
        let scheduler = TestScheduler()
        let recorder = Recorder(try scheduler.hotObservable("a-b|"), scheduler: scheduler)
        scheduler.run()
        let failures = capturingFailures { expectMarbles(recorder, "a-b|") }
        XCTAssertEqual(failures.count, 0)
    }

    func testFailingMarbleAssertionIsAnXCTestFailureAtTheCallersLine() throws {
        let scheduler = TestScheduler()
        let input = try scheduler.hotObservable("a-b-c---|")
        let recorder = Recorder(input.debounce(for: scheduler.ticks(2), scheduler: scheduler), scheduler: scheduler)
        scheduler.run()
        let line = #line + 1
        let failures = capturingFailures { expectMarbles(recorder, "----c-|") }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.filePath, #filePath)
        XCTAssertTrue(failures.first?.description.contains("expected: ----c-|\n  actual:   ------c-|") == true)
    }

    func testTimelineAndLeakChecksReportToXCTest() {
        let subject = Subject<Int>()
        let timeline = Timeline()
        timeline.record("count", subject.asObservable())
        subject.send(1)
        let timelineLine = #line + 1
        let timelineFailures = capturingFailures { timeline.expect { ("count", 2) } }
        XCTAssertEqual(timelineFailures.map(\.line), [timelineLine])
        XCTAssertTrue(timelineFailures.first?.description.contains("+ count: 1") == true)

        weak var leaked: LeakyCounterViewModel?
        let leakLine = #line + 2
        let leakFailures = capturingFailures {
            expectNoLeaks { tracker in
                let viewModel = tracker.track(LeakyCounterViewModel())
                leaked = viewModel
                _ = viewModel.transform(input: .init())
            }
        }
        XCTAssertEqual(leakFailures.map(\.line), [leakLine])
        XCTAssertTrue(leakFailures.first?.description.contains("LeakyCounterViewModel") == true)
        // Breaks the deliberate cycle, so the process ends without the leak (LeakSanitizer).
        leaked?.bag.cancelAll()
        XCTAssertNil(leaked)
    }

    func testSourceLocationFailuresGoToTheSameFileAndLine() {
        let location = SourceLocation(fileID: "App/Helpers.swift", filePath: "/src/App/Helpers.swift", line: 7, column: 3)
        let failures = capturingFailures { recordTestFailure("custom", sourceLocation: location) }
        XCTAssertEqual(failures.map(\.line), [7])
        XCTAssertEqual(failures.map(\.filePath), ["/src/App/Helpers.swift"])
        XCTAssertEqual(failures.map(\.description), ["custom"])
    }
}
