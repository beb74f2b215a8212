@testable import Signals
import Testing

/// `DispatchQueueScheduler` turns a `Duration` into a `DispatchTimeInterval`, whose counts are
/// `Int`: 32 bits on watchOS (arm64_32). These tests run the conversion with `Int32` as the
/// count type, so the 32-bit case is checked on a 64-bit machine.
@Suite(.deadlockWatchdog) struct DispatchIntervalTests {
    @Test func aDelayBeyondTwoSecondsFitsA32BitIntInMicroseconds() {
        let parts = dispatchIntervalParts(nanoseconds: Duration.seconds(3).nanoseconds, as: Int32.self)
        #expect(parts.0 == .microseconds)
        #expect(parts.1 == 3_000_000)
    }

    @Test func shortDelaysKeepNanosecondPrecision() {
        let parts = dispatchIntervalParts(nanoseconds: Duration.milliseconds(300).nanoseconds, as: Int32.self)
        #expect(parts.0 == .nanoseconds)
        #expect(parts.1 == 300_000_000)
    }

    @Test func longerDelaysMoveToCoarserUnitsWithoutTrapping() {
        let hour = dispatchIntervalParts(nanoseconds: Duration.seconds(3_600).nanoseconds, as: Int32.self)
        #expect(hour.0 == .milliseconds)
        #expect(hour.1 == 3_600_000)
        let century = dispatchIntervalParts(nanoseconds: Duration.seconds(3_155_760_000).nanoseconds, as: Int32.self)
        #expect(century.0 == .seconds)
        #expect(century.1 == Int32.max)
    }

    @Test func negativeDelaysMeanNow() {
        let parts = dispatchIntervalParts(nanoseconds: Duration.seconds(-5).nanoseconds, as: Int32.self)
        #expect(parts.0 == .nanoseconds)
        #expect(parts.1 == 0)
    }

    @Test func on64BitPlatformsEveryDelayStaysInNanoseconds() {
        let parts = dispatchIntervalParts(nanoseconds: Duration.seconds(3).nanoseconds, as: Int64.self)
        #expect(parts.0 == .nanoseconds)
        #expect(parts.1 == 3_000_000_000)
    }
}
