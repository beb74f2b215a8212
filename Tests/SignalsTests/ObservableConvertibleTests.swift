import Signals
import SignalsTesting
import Testing

/// Operators and `bind` spelled directly on `Subject` and `Property` (through
/// `ObservableConvertible`), called from another module as users call them.
@Suite(.deadlockWatchdog) struct ObservableConvertibleTests {
    @Test func operatorsAndBindWorkDirectlyOnASubject() {
        let subject = Subject<Int>()
        var received: [Int] = []
        let token = subject.map { $0 * 10 }.filter { $0 != 20 }.bind { received.append($0) }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        token.cancel()
        subject.send(4)
        #expect(received == [10, 30])
    }

    @Test func removeDuplicatesWorksDirectlyOnAProperty() {
        let property = Property(1)
        var received: [Int] = []
        let token = property.removeDuplicates().bind { received.append($0) }
        property.value = 1
        property.value = 2
        property.value = 2
        property.value = 3
        withExtendedLifetime(token) {}
        #expect(received == [1, 2, 3])
    }

    @Test func bindWithFinishWorksDirectlyOnASubject() {
        let subject = Subject<String>()
        var events: [Event<String>] = []
        let token = subject.bind(onValue: { events.append(.value($0)) }, onFinish: { events.append(.finished) })
        subject.send("a")
        subject.finish()
        withExtendedLifetime(token) {}
        #expect(events == [.value("a"), .finished])
    }

    @Test func combiningOperatorsAcceptSubjectsAndPropertiesAsArguments() {
        let name = Subject<String>()
        let age = Property(30)
        var pairs: [String] = []
        let token = name.combineLatest(age) { "\($0) \($1)" }.bind { pairs.append($0) }
        name.send("ada")
        age.value = 31
        withExtendedLifetime(token) {}
        #expect(pairs == ["ada 30", "ada 31"])
    }

    @Test func mergeWithAcceptsAMixOfSubjectsPropertiesAndObservables() {
        let a = Subject<Int>()
        let b = Property(0)
        let recorder = Recorder(a.merge(with: b, Observable.just(9)))
        a.send(1)
        b.value = 2
        #expect(recorder.values == [0, 9, 1, 2])
    }

    @Test func zipAndWithLatestFromAcceptSubjects() {
        let a = Subject<Int>()
        let b = Subject<String>()
        let zipped = Recorder(a.zip(b).map { "\($0)\($1)" })
        let sampled = Recorder(a.withLatestFrom(b))
        a.send(1)
        b.send("x")
        a.send(2)
        b.send("y")
        #expect(zipped.values == ["1x", "2y"])
        #expect(sampled.values == ["x"])
    }

    @Test func anObservableChainStillResolvesToObservableOperators() {
        // Spellings that existed before the protocol keep compiling and mean the same.
        let subject = Subject<Int>()
        let chain: Observable<Int> = subject.asObservable().map { $0 + 1 }.filter { $0 > 1 }
        let recorder = Recorder(chain)
        subject.send(0)
        subject.send(1)
        #expect(recorder.values == [2])
    }

    @Test func anyObservableConvertibleBindsLikeItsStream() {
        let subject = Subject<Int>()
        let streams: [any ObservableConvertible<Int>] = [subject, Property(7), Observable.just(8)]
        var received: [Int] = []
        let tokens = streams.map { stream in stream.map { $0 + 1 }.bind { received.append($0) } }
        subject.send(1)
        withExtendedLifetime(tokens) {}
        #expect(received == [8, 9, 2])
    }

    @Test func bindWithHoldsTheOwnerWeaklyAndStopsWhenItIsGone() {
        final class Owner { var values: [Int] = [] }
        let subject = Subject<Int>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let token = subject.bind(with: owner!) { owner, value in owner.values.append(value) }
        subject.send(1)
        #expect(owner?.values == [1])
        owner = nil
        #expect(weakOwner == nil)
        subject.send(2)
        #expect(subject.bindingCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func timeOperatorsWorkDirectlyOnASubject() {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let recorder = Recorder(subject.debounce(for: .milliseconds(100), scheduler: scheduler))
        subject.send(1)
        scheduler.advance(by: .milliseconds(50))
        subject.send(2)
        scheduler.advance(by: .milliseconds(100))
        #expect(recorder.values == [2])
    }
}
