import Dispatch
import Signals
import Testing

/// `Property.modify`: an atomic read-modify-write that delivers the new value once
/// (The Signals contract, "Read-modify-write").
@Suite(.timeLimit(.minutes(1))) struct PropertyModifyTests {
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
}
