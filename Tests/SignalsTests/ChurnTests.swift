import Dispatch
import Signals
import Testing

/// Progress under churn (The Signals contract, "Floods"): senders keep delivering while other
/// threads bind and cancel operator chains on the same subjects; removals deferred during
/// deliveries are applied between deliveries, and everything is released afterwards.
/// Bounded by counts; the deadline only turns a stall into a failure.
@Suite(.deadlockWatchdog, .timeLimit(.minutes(6))) struct ChurnTests {
    @Test func fourSendersAndFourThreadsChurningOperatorChainsAllFinishAndReleaseEverything() {
        let left = Subject<Int>()
        let right = Subject<Int>()
        let perSender = 20_000
        let chainsPerChurner = 1_500
        let received = Counter()
        let longLived = left.asObservable().merge(with: right.asObservable()).bind { _ in
            received.increment()
        }
        let queue = DispatchQueue(label: "ChurnTests.receive")
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                if worker < 4 {
                    let target = worker % 2 == 0 ? left : right
                    for step in 0..<perSender { target.send(step) }
                    return
                }
                for index in 0..<chainsPerChurner {
                    let a = left.asObservable()
                    let b = right.asObservable()
                    let chain: any Cancellable
                    switch (index + worker) % 6 {
                    case 0: chain = a.merge(with: b).bind { _ in }
                    case 1: chain = a.combineLatest(b).bind { _ in }
                    case 2: chain = a.flatMapLatest { _ in b }.bind { _ in }
                    case 3:
                        let shared = a.share()
                        let first = shared.bind { _ in }
                        chain = shared.bind { _ in }
                        first.cancel()
                    case 4:
                        chain = a.receive(on: DispatchQueueScheduler(queue: queue))
                            .debounce(for: .milliseconds(1), scheduler: DispatchQueueScheduler(queue: queue))
                            .bind { _ in }
                    default: chain = a.zip(b).bind { _ in }
                    }
                    if index % 2 == 0 { left.send(-1) }
                    chain.cancel()
                }
            }
            done.signal()
        }
        guard done.waitOrFail("the senders' and churners' return", seconds: 300) else { return }
        // Work scheduled on the receive queue by cancelled chains has drained.
        queue.sync {}
        #expect(received.value == 4 * perSender + 4 * chainsPerChurner / 2)
        #expect(left.bindingCount == 1)
        #expect(right.bindingCount == 1)
        #expect(left.queuedCount == 0)
        #expect(right.queuedCount == 0)
        withExtendedLifetime(longLived) {}
    }
}
