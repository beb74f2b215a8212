import Signals
import SignalsTesting
import Testing

// "Only cancelling or releasing the token ends a binding; dropping intermediate `Observable`
// values never does" (TheContract.md, Lifetimes). Every test builds its chain inside a `do {}`
// scope and keeps only the token; after releasing it, upstream has no binding left and nothing
// the chain's closures captured is alive.

/// An object the closures of a chain capture, so a weak reference to it shows whether releasing
/// the token freed the whole chain.
final class ChainProbe: Sendable {
    func pass<T>(_ value: T) -> T { value }
}

/// Records what a chain delivers and holds its token: the only thing a lifetime test keeps.
final class ScopedBinding<Value: Sendable> {
    private let recorded = LockedList<Value>()
    private let finishes = Counter()
    private var token: Cancellable?
    /// Tracks the probes and the token; `leakMessage` is nil once all of them are freed.
    let tracker = LeakTracker()

    /// A probe for the chain being built, tracked weakly.
    func probe() -> ChainProbe { tracker.track(ChainProbe()) }

    /// Binds `observable` (usually built in the caller's `do {}` scope) and keeps the token.
    func keep(_ observable: Observable<Value>) {
        let recorded = recorded
        let finishes = finishes
        let token = observable.bind(onValue: { recorded.append($0) }, onFinish: { finishes.increment() })
        tracker.track(token)
        self.token = token
    }

    /// Keeps a token made by the caller.
    func keep(token: Cancellable) {
        tracker.track(token)
        self.token = token
    }

    /// Releases the token (without calling `cancel()`).
    func releaseToken() { token = nil }

    var values: [Value] { recorded.elements }
    var finishCount: Int { finishes.value }
    var leakMessage: String? { tracker.leakMessage }

    /// Waits, without sleeping, until a `Task` that held part of the chain has let it go.
    func leakMessageAfterTasksEnd() async -> String? {
        for _ in 0..<100_000 where tracker.leakMessage != nil { await Task.yield() }
        return tracker.leakMessage
    }
}

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct LifetimeTests {
    @Test func aSharedStreamKeepsDeliveringAfterTheSharedObservableIsDropped() {
        let subject = Subject<Int>()
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            let shared = subject.map { probe.pass($0) }.share()
            binding.keep(shared.map { probe.pass($0) })
        }
        subject.send(1)
        subject.send(2)
        #expect(binding.values == [1, 2])
        binding.releaseToken()
        subject.send(3)
        #expect(binding.values == [1, 2])
        #expect(subject.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func aSharedStreamWithTwoScopedBindingsLivesUntilTheLastTokenIsReleased() {
        let subject = Subject<Int>()
        let first = ScopedBinding<Int>()
        let second = ScopedBinding<Int>()
        do {
            let shared = subject.share()
            first.keep(shared)
            second.keep(shared)
        }
        subject.send(1)
        first.releaseToken()
        subject.send(2)
        #expect(subject.bindingCount == 1)
        second.releaseToken()
        subject.send(3)
        #expect(first.values == [1])
        #expect(second.values == [1, 2])
        #expect(subject.bindingCount == 0)
        #expect(first.leakMessage == nil)
        #expect(second.leakMessage == nil)
    }

    @Test func mergeKeepsDeliveringAfterItsSourcesAreDropped() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            let merged = Observable.merge([a.map { probe.pass($0) }, b.asObservable()])
            binding.keep(merged.map { probe.pass($0) })
        }
        a.send(1)
        b.send(2)
        #expect(binding.values == [1, 2])
        binding.releaseToken()
        a.send(3)
        b.send(4)
        #expect(binding.values == [1, 2])
        #expect(a.bindingCount == 0)
        #expect(b.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func combineLatestKeepsDeliveringAfterItsSourcesAreDropped() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let binding = ScopedBinding<String>()
        do {
            let probe = binding.probe()
            binding.keep(a.combineLatest(b.map { probe.pass($0) }) { "\($0)\($1)" })
        }
        a.send(1)
        b.send(2)
        a.send(3)
        #expect(binding.values == ["12", "32"])
        binding.releaseToken()
        b.send(4)
        #expect(binding.values == ["12", "32"])
        #expect(a.bindingCount == 0)
        #expect(b.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func zipKeepsDeliveringAfterItsSourcesAreDropped() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let binding = ScopedBinding<String>()
        do {
            let probe = binding.probe()
            binding.keep(a.zip(b.asObservable()).map { probe.pass("\($0.0)\($0.1)") })
        }
        a.send(1)
        a.send(2)
        b.send(3)
        #expect(binding.values == ["13"])
        binding.releaseToken()
        b.send(4)
        #expect(binding.values == ["13"])
        #expect(a.bindingCount == 0)
        #expect(b.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func withLatestFromKeepsDeliveringAfterItsSourcesAreDropped() {
        let primary = Subject<Int>()
        let other = Subject<Int>()
        let binding = ScopedBinding<String>()
        do {
            let probe = binding.probe()
            binding.keep(primary.withLatestFrom(other.asObservable()) { probe.pass("\($0)\($1)") })
        }
        other.send(1)
        primary.send(2)
        #expect(binding.values == ["21"])
        binding.releaseToken()
        primary.send(3)
        #expect(binding.values == ["21"])
        #expect(primary.bindingCount == 0)
        #expect(other.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func flatMapKeepsItsInnerBindingsAfterTheChainIsDropped() {
        let outer = Subject<Int>()
        let inners = [Subject<Int>(), Subject<Int>()]
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(outer.flatMap { inners[$0].map { probe.pass($0) } })
        }
        outer.send(0)
        inners[0].send(1)
        outer.send(1)
        inners[1].send(2)
        inners[0].send(3)
        #expect(binding.values == [1, 2, 3])
        binding.releaseToken()
        inners[0].send(4)
        inners[1].send(5)
        #expect(binding.values == [1, 2, 3])
        #expect(outer.bindingCount == 0)
        #expect(inners.map(\.bindingCount) == [0, 0])
        #expect(binding.leakMessage == nil)
    }

    @Test func flatMapLatestKeepsItsCurrentInnerBindingAfterTheChainIsDropped() {
        let outer = Subject<Int>()
        let inners = [Subject<Int>(), Subject<Int>()]
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(outer.flatMapLatest { inners[$0].map { probe.pass($0) } })
        }
        outer.send(0)
        inners[0].send(1)
        outer.send(1)
        inners[1].send(2)
        inners[0].send(3)
        #expect(binding.values == [1, 2])
        binding.releaseToken()
        inners[1].send(4)
        #expect(binding.values == [1, 2])
        #expect(outer.bindingCount == 0)
        #expect(inners.map(\.bindingCount) == [0, 0])
        #expect(binding.leakMessage == nil)
    }

    /// Builds `apply(upstream, scheduler)` in a scope; a first value is delivered after 300 ms
    /// of virtual time, a second one sent just before the token is released never is.
    func expectScheduledChainLivesUntilItsTokenIsReleased(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ apply: (Observable<Int>, TestScheduler) -> Observable<Int>
    ) {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(apply(subject.map { probe.pass($0) }, scheduler))
        }
        subject.send(1)
        scheduler.advance(by: .milliseconds(300))
        subject.send(2)
        binding.releaseToken()
        scheduler.run()
        #expect(binding.values == [1], sourceLocation: sourceLocation)
        #expect(subject.bindingCount == 0, sourceLocation: sourceLocation)
        #expect(binding.leakMessage == nil, sourceLocation: sourceLocation)
    }

    @Test func debounceKeepsItsTimerAfterTheChainIsDropped() {
        expectScheduledChainLivesUntilItsTokenIsReleased { $0.debounce(for: .milliseconds(300), scheduler: $1) }
    }

    @Test func throttleKeepsDeliveringAfterTheChainIsDropped() {
        expectScheduledChainLivesUntilItsTokenIsReleased {
            $0.throttle(for: .milliseconds(300), scheduler: $1, latest: true)
        }
    }

    @Test func delayKeepsDeliveringAfterTheChainIsDropped() {
        expectScheduledChainLivesUntilItsTokenIsReleased { $0.delay(for: .milliseconds(300), scheduler: $1) }
    }

    @Test func receiveOnKeepsDeliveringAfterTheChainIsDropped() {
        expectScheduledChainLivesUntilItsTokenIsReleased { $0.receive(on: $1) }
    }

    @Test func releasingATakeTokenBeforeTheCountIsReachedEndsTheBinding() {
        let subject = Subject<Int>()
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(subject.take(3).map { probe.pass($0) })
        }
        subject.send(1)
        #expect(binding.values == [1])
        binding.releaseToken()
        subject.send(2)
        #expect(binding.values == [1])
        #expect(binding.finishCount == 0)
        #expect(subject.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func scanKeepsAccumulatingAfterTheChainIsDropped() {
        let subject = Subject<Int>()
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(subject.scan(0) { probe.pass($0 + $1) })
        }
        subject.send(1)
        subject.send(2)
        #expect(binding.values == [1, 3])
        binding.releaseToken()
        subject.send(3)
        #expect(binding.values == [1, 3])
        #expect(subject.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func singleSourceOperatorsKeepDeliveringAfterTheChainIsDropped() {
        let subject = Subject<Int>()
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(subject
                .map { probe.pass($0) }
                .compactMap { $0 }
                .filter { $0 > 0 }
                .removeDuplicates()
                .skip(1)
                .prepend(0)
                .handleEvents(onValue: { _ = probe.pass($0) }, onCancel: {}))
        }
        [1, 2, 2, -1, 3].forEach(subject.send)
        #expect(binding.values == [0, 2, 3])
        binding.releaseToken()
        subject.send(4)
        #expect(binding.values == [0, 2, 3])
        #expect(subject.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func aFedPropertyMadeInAScopeKeepsFeedingTheChainsBuiltFromIt() {
        let source = Subject<Int>()
        let operated = ScopedBinding<Int>()
        let direct = ScopedBinding<Int>()
        do {
            let probe = operated.probe()
            let property = operated.tracker.track(Property(initial: 0, then: source.map { probe.pass($0) }))
            operated.keep(property.map { probe.pass($0) }.removeDuplicates())
            direct.keep(token: property.bind { _ = probe.pass($0) })
        }
        source.send(1)
        source.send(2)
        #expect(operated.values == [0, 1, 2])
        #expect(source.bindingCount == 1)
        operated.releaseToken()
        source.send(3)
        #expect(operated.values == [0, 1, 2])
        // The direct binding still holds the feed.
        #expect(source.bindingCount == 1)
        direct.releaseToken()
        source.send(4)
        #expect(source.bindingCount == 0)
        #expect(operated.leakMessage == nil)
        #expect(direct.leakMessage == nil)
    }

    @Test func aFedPropertyKeepsItsFeedWhileItLivesAfterItsLastBindingIsReleased() {
        let source = Subject<Int>()
        let binding = ScopedBinding<Int>()
        var property: Property<Int>? = Property(initial: 0, then: source)
        binding.keep(property!.map { $0 * 10 })
        binding.releaseToken()
        source.send(1)
        #expect(property?.value == 1)
        #expect(source.bindingCount == 1)
        property = nil
        #expect(source.bindingCount == 0)
        #expect(binding.values == [0])
        #expect(binding.leakMessage == nil)
    }

    @Test func releasingABindWithOwnerTokenEndsTheBindingWhileTheOwnerLives() {
        final class Owner {
            var values: [Int] = []
        }
        let subject = Subject<Int>()
        let owner = Owner()
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(token: subject.map { probe.pass($0) }.bind(with: owner) { $0.values.append($1) })
        }
        subject.send(1)
        binding.releaseToken()
        subject.send(2)
        #expect(owner.values == [1])
        #expect(subject.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func createKeepsItsObserverAfterTheChainIsDropped() {
        let subject = Subject<Int>()
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(Observable<Int>.create { observer in
                subject.bind { observer.send(probe.pass($0)) }
            })
        }
        subject.send(1)
        #expect(binding.values == [1])
        binding.releaseToken()
        subject.send(2)
        #expect(binding.values == [1])
        #expect(subject.bindingCount == 0)
        #expect(binding.leakMessage == nil)
    }

    @Test func aTaskBindingBuiltInAScopeDeliversItsResultLater() async {
        let (input, inputContinuation) = AsyncStream.makeStream(of: Int.self)
        let (delivered, deliveredContinuation) = AsyncStream.makeStream(of: Int.self)
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            let task = Observable<Int>.task { () async -> Int in
                for await value in input { return probe.pass(value * 10) }
                return -1
            }
            binding.keep(task.handleEvents(onValue: { deliveredContinuation.yield($0) }))
        }
        inputContinuation.yield(4)
        var deliveries = delivered.makeAsyncIterator()
        #expect(await deliveries.next() == 40)
        #expect(binding.values == [40])
        #expect(binding.finishCount == 1)
        binding.releaseToken()
        #expect(await binding.leakMessageAfterTasksEnd() == nil)
    }

    @Test func releasingATaskTokenCancelsTheTaskAndDeliversNothing() async {
        let (input, inputContinuation) = AsyncStream.makeStream(of: Int.self)
        let (ended, endedContinuation) = AsyncStream.makeStream(of: Bool.self)
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(Observable<Int>.task { () async -> Int in
                for await value in input { return probe.pass(value) }
                endedContinuation.yield(Task.isCancelled)
                return -1
            })
        }
        binding.releaseToken()
        var endings = ended.makeAsyncIterator()
        #expect(await endings.next() == true)
        inputContinuation.yield(1)
        #expect(binding.values == [])
        #expect(await binding.leakMessageAfterTasksEnd() == nil)
    }

    @Test func anAsyncSequenceBindingBuiltInAScopeKeepsIteratingUntilItsTokenIsReleased() async {
        let (input, inputContinuation) = AsyncStream.makeStream(of: Int.self)
        let (delivered, deliveredContinuation) = AsyncStream.makeStream(of: Int.self)
        let (terminated, terminatedContinuation) = AsyncStream.makeStream(of: Void.self)
        inputContinuation.onTermination = { _ in terminatedContinuation.yield() }
        let binding = ScopedBinding<Int>()
        do {
            let probe = binding.probe()
            binding.keep(Observable(input).map { probe.pass($0) }
                .handleEvents(onValue: { deliveredContinuation.yield($0) }))
        }
        var deliveries = delivered.makeAsyncIterator()
        inputContinuation.yield(1)
        #expect(await deliveries.next() == 1)
        inputContinuation.yield(2)
        #expect(await deliveries.next() == 2)
        binding.releaseToken()
        var terminations = terminated.makeAsyncIterator()
        #expect(await terminations.next() != nil)
        #expect(binding.values == [1, 2])
        #expect(binding.finishCount == 0)
        #expect(await binding.leakMessageAfterTasksEnd() == nil)
    }
}
