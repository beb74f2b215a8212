import CSignalsTestRun
import Foundation
import Testing

/// The package's test process bounds how many test cases run at once (issue 43, item 6):
/// Swift Testing starts each test's time limit when it starts the test, and by default it
/// starts every test of the run at once, so beside four busy processes on a 2-core host tests
/// that take milliseconds waited a minute in the cooperative pool's queue and failed their
/// limits. `CSignalsTestRun`'s constructor sets the bound before the first test.
@Suite(.deadlockWatchdog) struct TestRunParallelismTests {
    @Test func theRunStartsAtMostEightTestCasesPerProcessorAtOnce() throws {
        let variable = try #require(getenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"), "the bound is not set")
        let width = Int(String(cString: variable))
        let chosen = Int(signals_test_run_parallelization_width())
        // 0: the variable was set before the process started (by hand, or by the parent of an
        // exit test's child), and that value stands.
        if chosen != 0 {
            #expect(chosen == 8 * ProcessInfo.processInfo.activeProcessorCount)
            #expect(width == chosen)
        } else {
            #expect((width ?? 0) >= 1)
        }
    }
}
