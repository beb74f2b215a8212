import Dispatch
import Signals
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Property.modify`: an atomic read-modify-write that delivers the new value once
/// (The Signals contract, "Read-modify-write").
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct PropertyModifyTests {
    struct Refused: Error {}

    @Test func modifyDeliversTheNewValueOnceAndReturnsTheBodysResult() {
        let property = Property([1])
        var history: [[Int]] = []
        let token = property.bind { history.append($0) }
        let count = property.modify { values -> Int in
            values.append(2)
            return values.count
        }
        #expect(count == 2)
        #expect(property.value == [1, 2])
        #expect(history == [[1], [1, 2]])
        withExtendedLifetime(token) {}
    }

    @Test func aThrowingBodyLeavesTheValueUnchangedAndDeliversNothing() {
        let property = Property(1)
        var history: [Int] = []
        let token = property.bind { history.append($0) }
        #expect(throws: Refused.self) {
            try property.modify { value in
                value = 99
                throw Refused()
            }
        }
        #expect(property.value == 1)
        #expect(history == [1])
        withExtendedLifetime(token) {}
    }

    @Test func twoThreadsModifyingOneHundredThousandTimesEachReachTwoHundredThousand() {
        let property = Property(0)
        let history = LockedList<Int>()
        let token = property.bind { history.append($0) }
        guard runBounded("the 2 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<100_000 { property.modify { $0 += 1 } }
            }
        }) != nil else { return }
        #expect(property.value == 200_000)
        // Every increment is delivered once, in the order the increments happened.
        #expect(history.elements == Array(0...200_000))
        withExtendedLifetime(token) {}
    }

    @Test func modifyInsideItsOwnHandlerIsQueuedAfterTheCurrentDelivery() {
        let property = Property(0)
        var history: [Int] = []
        let token = property.bind { value in
            history.append(value)
            if value < 3 { property.modify { $0 += 1 } }
        }
        #expect(history == [0, 1, 2, 3])
        #expect(property.value == 3)
        withExtendedLifetime(token) {}
    }

    // MARK: Re-entrant access from inside the closure

    @Test func theReportOfAReentrantAccessNamesThePropertyAndSaysWhatToDo() {
        let report = reentrantModifyReport(valueType: [Int].self)
        #expect(report.hasPrefix("Signals: Property<Array<Int>> was read, written, bound or cancelled from inside its own modify or update closure"))
        #expect(report.contains("would deadlock"))
        #expect(report.contains("after the closure returns"))
    }

    @Test func aModifyMayReadAndWriteOtherPropertiesInsideItsClosure() {
        let total = Property(0)
        let other = Property(10)
        total.modify { value in
            value += other.value
            other.modify { $0 += 1 }
        }
        #expect(total.value == 10)
        #expect(other.value == 11)
    }

    #if compiler(>=6.2) && (os(Linux) || os(macOS))
    @Test(.timeLimit(.minutes(1)), .notUnderThreadSanitizer)
    func readingThePropertyInsideItsOwnModifyStopsNamingItInsteadOfDeadlocking() async {
        let result = await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                alarm(30)  // a deadlock ends the child (without the message below) instead of hanging
                let property = Property(1)
                property.modify { value in value = property.value + 1 }
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("Signals: Property<Int> was read, written, bound or cancelled from inside its own modify or update closure"))
    }

    /// `update` (behind `setIfChanged`, whose `==` runs in it) holds the lock like `modify`.
    @Test(.timeLimit(.minutes(1)), .notUnderThreadSanitizer)
    func readingThePropertyInsideItsOwnUpdateStopsNamingItInsteadOfDeadlocking() async {
        let result = await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                alarm(30)  // a deadlock ends the child (without the message below) instead of hanging
                let property = Property(1)
                _ = property.update { value in
                    value = property.value + 1
                    return true
                }
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("Signals: Property<Int> was read, written, bound or cancelled from inside its own modify or update closure"))
    }

    @Test(.timeLimit(.minutes(1)), .notUnderThreadSanitizer)
    func writingAnOuterPropertyInsideANestedModifyStopsNamingIt() async {
        let result = await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                alarm(30)  // a deadlock ends the child (without the message below) instead of hanging
                let outer = Property("a")
                let inner = Property(0)
                outer.modify { _ in
                    inner.modify { value in
                        outer.value = "b"  // the outer property, whose closure is still running
                        value += 1
                    }
                }
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("Signals: Property<String> was read, written"))
    }
    #endif
}
