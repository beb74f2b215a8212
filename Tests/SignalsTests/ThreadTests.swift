import Dispatch
import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct ThreadTests {
    @Test func sendsFromEightThreadsAreAllDeliveredToEveryBinding() {
        let subject = Subject<Int>()
        let perThread = 20_000
        let threads = 8
        let counters = (0..<4).map { _ in Counter() }
        let sums = (0..<4).map { _ in Counter() }
        let concurrency = Counter()
        let overlapped = Counter()
        var tokens: [any Cancellable] = []
        for index in 0..<4 {
            tokens.append(subject.bind { value in
                // A handler never runs twice at once.
                concurrency.increment()
                if concurrency.value > 1 { overlapped.increment() }
                counters[index].increment()
                sums[index].increment(by: value)
                concurrency.increment(by: -1)
            })
        }
        guard runBounded("the sending threads' work", {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for step in 0..<perThread {
                    subject.send(thread * perThread + step)
                }
            }
        }) != nil else { return }
        let total = threads * perThread
        let expectedSum = (0..<total).reduce(0, +)
        for index in 0..<4 {
            #expect(counters[index].value == total)
            #expect(sums[index].value == expectedSum)
        }
        #expect(overlapped.value == 0)
        tokens.forEach { $0.cancel() }
    }

    @Test func cancellingWhileOtherThreadsSendStopsDeliveryAndLosesNothingElse() {
        let subject = Subject<Int>()
        let kept = Counter()
        let keptToken = subject.bind { _ in kept.increment() }
        let perThread = 10_000
        guard runBounded("the 6 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 6) { thread in
                if thread < 2 {
                    // Two threads bind and cancel repeatedly.
                    for _ in 0..<2_000 {
                        let token = subject.bind { _ in }
                        token.cancel()
                    }
                } else {
                    for step in 0..<perThread { subject.send(step) }
                }
            }
        }) != nil else { return }
        #expect(kept.value == 4 * perThread)
        #expect(subject.bindingCount == 1)
        keptToken.cancel()
    }

    @Test func propertyWritesFromManyThreadsEndWithTheLastDeliveredValue() {
        let property = Property(0)
        let last = Counter()
        last.store(-1)
        let count = Counter()
        let token = property.bind { value in
            last.store(value)
            count.increment()
        }
        guard runBounded("the 4 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for step in 0..<5_000 { property.value = thread * 10_000 + step }
            }
        }) != nil else { return }
        #expect(count.value == 20_001)
        #expect(last.value == property.value)
        token.cancel()
    }

    @Test func combineLatestFromTwoThreadsDeliversSerially() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let concurrency = Counter()
        let overlapped = Counter()
        let count = Counter()
        let token = a.combineLatest(b.asObservable()).bind { _ in
            concurrency.increment()
            if concurrency.value > 1 { overlapped.increment() }
            count.increment()
            concurrency.increment(by: -1)
        }
        a.send(0)
        b.send(0)
        guard runBounded("the 2 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for step in 0..<10_000 { (thread == 0 ? a : b).send(step) }
            }
        }) != nil else { return }
        #expect(count.value == 20_001)
        #expect(overlapped.value == 0)
        token.cancel()
    }

    @Test func bagInsertAndCancelAllFromManyThreads() {
        let bag = CancellableBag()
        let cancelled = Counter()
        guard runBounded("the 4 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<1_000 { bag.insert(AnyCancellable { cancelled.increment() }) }
            }
        }) != nil else { return }
        #expect(bag.count == 4_000)
        bag.cancelAll()
        #expect(cancelled.value == 4_000)
    }
}
