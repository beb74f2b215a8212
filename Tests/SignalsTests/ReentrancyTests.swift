import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct ReentrancyTests {
    @Test func reEntrantSendsAreQueuedAndDeliveredAfterTheCurrentDelivery() {
        let subject = Subject<Int>()
        var calls: [String] = []
        let first = subject.bind { value in
            calls.append("first \(value)")
            if value == 1 { subject.send(2) }
        }
        let second = subject.bind { calls.append("second \($0)") }
        subject.send(1)
        // Value 2 waits until every binding has seen value 1.
        #expect(calls == ["first 1", "second 1", "first 2", "second 2"])
        first.cancel()
        second.cancel()
    }

    @Test func oneHundredThousandReEntrantSendsArriveInOrderWithoutGrowingTheStack() {
        let subject = Subject<Int>()
        let total = 100_000
        var received: [Int] = []
        received.reserveCapacity(total)
        let token = subject.bind { value in
            received.append(value)
            if value < total { subject.send(value + 1) }
        }
        subject.send(1)
        #expect(received.count == total)
        #expect(received == Array(1...total))
        token.cancel()
    }

    @Test func reEntrantPropertyWritesAreDeliveredInOrder() {
        let property = Property(0)
        var received: [Int] = []
        let token = property.bind { value in
            received.append(value)
            if value < 5 { property.value = value + 1 }
        }
        #expect(received == [0, 1, 2, 3, 4, 5])
        #expect(property.value == 5)
        token.cancel()
    }

    @Test func finishSentReEntrantlyIsDeliveredAfterQueuedValues() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asObservable())
        let token = subject.bind { value in
            if value == 1 {
                subject.send(2)
                subject.finish()
                subject.send(3)
            }
        }
        subject.send(1)
        #expect(recorder.events == [.value(1), .value(2), .finished])
        token.cancel()
    }

    @Test func reEntrantSendsThroughAMergeAreSerialized() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        var received: [Int] = []
        var depth = 0
        var maxDepth = 0
        let token = a.merge(with: b.asObservable()).bind { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(value)
            if value < 1_000 { (value.isMultiple(of: 2) ? b : a).send(value + 1) }
            depth -= 1
        }
        a.send(1)
        #expect(received == Array(1...1_000))
        #expect(maxDepth == 1)
        token.cancel()
    }
}
