#if SIGNALS_OPENCOMBINE
import Foundation
import OpenCombine
import OpenCombineBridges
import Signals
import SignalsTesting
import Testing

/// A subscriber that asks for `initial` values when subscribed and `perValue` more after each
/// value, and records what it receives.
final class DemandSubscriber<Input>: Subscriber {
    typealias Failure = Never

    enum Received: Equatable where Input: Equatable {
        case value(Input)
        case finished
    }

    let combineIdentifier = CombineIdentifier()
    private let initial: Subscribers.Demand
    private let perValue: Subscribers.Demand
    private(set) var received: [Input] = []
    private(set) var isFinished = false
    private(set) var subscription: (any Subscription)?
    var onValue: (Input) -> Void = { _ in }

    init(initial: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
        self.initial = initial
        self.perValue = perValue
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        received.append(input)
        onValue(input)
        return perValue
    }

    func receive(completion: Subscribers.Completion<Never>) {
        isFinished = true
    }
}

/// Values appended from several threads.
final class LockedValues: @unchecked Sendable {
    // Unchecked: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [Int] = []

    func append(_ value: Int) { lock.withLock { storage.append(value) } }
    var values: [Int] { lock.withLock { storage } }
}

/// `asPublisher()`: a Signals stream as a Combine publisher (OpenCombine here).
@Suite struct ObservableToPublisherTests {
    @Test func aSinkReceivesEveryValueThenFinished() {
        let subject = Subject<Int>()
        var events: [String] = []
        let cancellable = subject.asPublisher().sink(
            receiveCompletion: { _ in events.append("finished") },
            receiveValue: { events.append("\($0)") }
        )
        subject.send(1)
        subject.send(2)
        subject.finish()
        #expect(events == ["1", "2", "finished"])
        cancellable.cancel()
    }

    @Test func aPropertyReplaysItsCurrentValueToEachSubscriber() {
        let property = Property("now")
        var first: [String] = []
        var second: [String] = []
        let firstToken = property.asPublisher().sink { first.append($0) }
        property.value = "later"
        let secondToken = property.asPublisher().sink { second.append($0) }
        #expect(first == ["now", "later"])
        #expect(second == ["later"])
        firstToken.cancel()
        secondToken.cancel()
    }

    @Test func valuesWaitInOrderForDemandAndTheFinishWaitsBehindThem() {
        let subject = Subject<Int>()
        let subscriber = DemandSubscriber<Int>(initial: .max(1))
        subject.asPublisher().subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        subject.finish()
        #expect(subscriber.received == [1])
        #expect(!subscriber.isFinished)
        subscriber.subscription?.request(.max(2))
        #expect(subscriber.received == [1, 2, 3])
        #expect(!subscriber.isFinished)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.received == [1, 2, 3, 4])
        #expect(subscriber.isFinished)
    }

    @Test func nothingIsDeliveredBeforeTheFirstRequest() {
        let property = Property(5)
        let subscriber = DemandSubscriber<Int>(initial: .none)
        property.asPublisher().subscribe(subscriber)
        property.value = 6
        #expect(subscriber.received == [])
        subscriber.subscription?.request(.unlimited)
        #expect(subscriber.received == [5, 6])
    }

    @Test func demandReturnedFromReceiveDeliversTheNextValueWithoutRecursion() {
        let subject = Subject<Int>()
        let subscriber = DemandSubscriber<Int>(initial: .max(1), perValue: .max(1))
        var depth = 0
        var maximumDepth = 0
        subscriber.onValue = { _ in
            depth += 1
            maximumDepth = max(maximumDepth, depth)
            depth -= 1
        }
        subject.asPublisher().subscribe(subscriber)
        for value in 1...1_000 { subject.send(value) }
        #expect(subscriber.received == Array(1...1_000))
        #expect(maximumDepth == 1)
    }

    @Test func aRequestMadeInsideReceiveIsQueuedAndServedInOrder() {
        let subject = Subject<Int>()
        let subscriber = DemandSubscriber<Int>(initial: .max(1))
        subscriber.onValue = { [unowned subscriber] value in
            if value < 3 { subscriber.subscription?.request(.max(1)) }
        }
        subject.asPublisher().subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        #expect(subscriber.received == [1, 2, 3])
    }

    @Test func cancellingTheSubscriptionCancelsTheBinding() {
        let subject = Subject<Int>()
        let subscriber = DemandSubscriber<Int>(initial: .unlimited)
        subject.asPublisher().subscribe(subscriber)
        #expect(subject.bindingCount == 1)
        subject.send(1)
        subscriber.subscription?.cancel()
        subject.send(2)
        subject.finish()
        #expect(subject.bindingCount == 0)
        #expect(subscriber.received == [1])
        #expect(!subscriber.isFinished)
    }

    @Test func cancellingInsideReceiveStopsTheValuesThatWereWaiting() {
        let subject = Subject<Int>()
        let subscriber = DemandSubscriber<Int>(initial: .none)
        subscriber.onValue = { [unowned subscriber] value in
            if value == 2 { subscriber.subscription?.cancel() }
        }
        subject.asPublisher().subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        subject.finish()
        subscriber.subscription?.request(.unlimited)
        #expect(subscriber.received == [1, 2])
        #expect(!subscriber.isFinished)
        #expect(subject.bindingCount == 0)
    }

    @Test func prefixCancelsUpstreamAfterItsValues() {
        let subject = Subject<Int>()
        var received: [Int] = []
        var finished = false
        let cancellable = subject.asPublisher().prefix(2).sink(
            receiveCompletion: { _ in finished = true },
            receiveValue: { received.append($0) }
        )
        for value in 1...5 { subject.send(value) }
        #expect(received == [1, 2])
        #expect(finished)
        #expect(subject.bindingCount == 0)
        cancellable.cancel()
    }

    @Test func cancellingInsideReceiveSubscriptionNeverBindsForGood() {
        final class CancelAtOnce: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            let combineIdentifier = CombineIdentifier()
            var received: [Int] = []
            func receive(subscription: any Subscription) {
                subscription.request(.unlimited)
                subscription.cancel()
            }
            func receive(_ input: Int) -> Subscribers.Demand {
                received.append(input)
                return .none
            }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let property = Property(1)
        let subscriber = CancelAtOnce()
        property.asPublisher().subscribe(subscriber)
        property.value = 2
        #expect(property.bindingCount == 0)
        #expect(subscriber.received == [])
    }

    @Test func theSubscriberIsReleasedAfterTheFinishAndAfterCancel() {
        let subject = Subject<Int>()
        weak var finishedSubscriber: DemandSubscriber<Int>?
        weak var cancelledSubscriber: DemandSubscriber<Int>?
        do {
            let finishing = DemandSubscriber<Int>(initial: .unlimited)
            let cancelling = DemandSubscriber<Int>(initial: .unlimited)
            finishedSubscriber = finishing
            cancelledSubscriber = cancelling
            let publisher = subject.asPublisher()
            publisher.subscribe(finishing)
            publisher.subscribe(cancelling)
            cancelling.subscription?.cancel()
            subject.finish()
            #expect(finishing.isFinished)
        }
        #expect(finishedSubscriber == nil)
        #expect(cancelledSubscriber == nil)
    }

    @Test func valuesSentFromManyThreadsAllArriveOnceWithUnlimitedDemand() async {
        let subject = Subject<Int>()
        let received = LockedValues()
        let cancellable = subject.asPublisher().sink { value in received.append(value) }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for value in 0..<250 { subject.send(thread * 1_000 + value) }
                }
            }
        }
        let values = received.values
        #expect(values.count == 1_000)
        #expect(Set(values).count == 1_000)
        for thread in 0..<4 {
            let mine = values.filter { $0 / 1_000 == thread }
            #expect(mine == mine.sorted())
        }
        cancellable.cancel()
    }

    @Test func aRoundTripThroughCombineKeepsTheHistory() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asPublisher().map { $0 + 1 }.asObservable())
        subject.send(1)
        subject.send(2)
        subject.finish()
        #expect(recorder.events == [.value(2), .value(3), .finished])
    }
}
#endif
