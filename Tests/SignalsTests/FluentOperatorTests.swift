import Signals
import SignalsTesting
import Testing

/// The Combine-fluent additions: assign, bind(to:), share(replay:), combineLatest of three
/// with a transform, the array combinators, take(until:), Property(initial:then:).
@Suite(.deadlockWatchdog) struct FluentOperatorTests {
    final class Label {
        var text = ""
        var subtitle: String?
    }

    @Test func assignWritesEveryValueToTheKeyPath() {
        let label = Label()
        let title = Subject<String>()
        let token = title.assign(to: \.text, on: label)
        title.send("a")
        #expect(label.text == "a")
        title.send("b")
        #expect(label.text == "b")
        withExtendedLifetime(token) {}
    }

    @Test func assignWritesToAnOptionalKeyPath() {
        let label = Label()
        let subtitle = Property("x")
        let token = subtitle.assign(to: \.subtitle, on: label)
        #expect(label.subtitle == "x")
        withExtendedLifetime(token) {}
    }

    @Test func assignToAnOptionalKeyPathWritesEveryValueAndLetsGoLikeAssign() {
        let subtitle = Subject<String>()
        var label: Label? = Label()
        weak let weakLabel = label
        var written: [String?] = []
        let token = subtitle.assign(to: \.subtitle, on: label!)
        for value in ["a", "b"] {
            subtitle.send(value)
            written.append(label?.subtitle)
        }
        #expect(written == ["a", "b"])
        label = nil
        #expect(weakLabel == nil)
        subtitle.send("late")
        #expect(subtitle.bindingCount == 0)
        withExtendedLifetime(token) {}
    }

    /// The spelling `bind(to: owner) { … }` before it was renamed `bind(with:)`: still compiles,
    /// and behaves the same (deprecated here so the call does not warn).
    @available(*, deprecated)
    @Test func theDeprecatedBindToOwnerBehavesAsBindWith() {
        let title = Subject<String>()
        var label: Label? = Label()
        weak let weakLabel = label
        let token = title.bind(to: label!) { label, text in label.text = text }
        title.send("a")
        #expect(label?.text == "a")
        label = nil
        #expect(weakLabel == nil)
        title.send("late")
        #expect(title.bindingCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func assignHoldsTheObjectWeaklyAndCancelsOnceItIsGone() {
        let title = Subject<String>()
        var label: Label? = Label()
        weak let weakLabel = label
        let token = title.assign(to: \.text, on: label!)
        label = nil
        #expect(weakLabel == nil)
        title.send("late")
        #expect(title.bindingCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func bindToPropertyFeedsItsValue() {
        let source = Subject<Int>()
        let state = Property(0)
        let recorder = Recorder(state.asObservable())
        let token = source.map { $0 * 2 }.bind(to: state)
        source.send(1)
        source.send(2)
        token.cancel()
        source.send(3)
        #expect(state.value == 4)
        #expect(recorder.values == [0, 2, 4])
    }

    @Test func bindToSubjectForwardsValuesButNotTheFinish() {
        let source = Subject<Int>()
        let target = Subject<Int>()
        let recorder = Recorder(target.asObservable())
        let token = source.bind(to: target)
        source.send(1)
        source.finish()
        target.send(2)
        withExtendedLifetime(token) {}
        #expect(recorder.events == [.value(1), .value(2)])
    }

    @Test func shareReplayOneGivesLateBindersTheLatestValueFromOneUpstreamBinding() {
        let source = Subject<Int>()
        var upstreamBindings = 0
        let shared = source.handleEvents(onBind: { upstreamBindings += 1 }).share(replay: 1)
        let first = Recorder(shared)
        source.send(1)
        source.send(2)
        let late = Recorder(shared)
        source.send(3)
        #expect(first.values == [1, 2, 3])
        #expect(late.values == [2, 3])
        #expect(upstreamBindings == 1)
    }

    @Test func shareReplayKeepsTheLastCountValues() {
        let source = Subject<Int>()
        let shared = source.share(replay: 2)
        let first = Recorder(shared)
        for value in 1...4 { source.send(value) }
        let late = Recorder(shared)
        source.send(5)
        source.finish()
        #expect(first.values == [1, 2, 3, 4, 5])
        #expect(late.events == [.value(3), .value(4), .value(5), .finished])
    }

    @Test func shareReplayBeforeAnyValueReplaysNothing() {
        let source = Subject<Int>()
        let shared = source.share(replay: 1)
        let first = Recorder(shared)
        let second = Recorder(shared)
        source.send(1)
        #expect(first.values == [1])
        #expect(second.values == [1])
    }

    @Test func shareReplayForgetsItsBufferWhenTheLastBindingLeaves() {
        let source = Subject<Int>()
        let shared = source.share(replay: 1)
        var first: Recorder<Int>? = Recorder(shared)
        source.send(1)
        #expect(first?.values == [1])
        first = nil
        #expect(source.bindingCount == 0)
        let later = Recorder(shared)
        source.send(2)
        #expect(later.values == [2])
    }

    @Test func shareReplayOfAPropertyReplaysItsCurrentValue() {
        let property = Property("a")
        let shared = property.map { $0.uppercased() }.share(replay: 1)
        let first = Recorder(shared)
        let second = Recorder(shared)
        property.value = "b"
        #expect(first.values == ["A", "B"])
        #expect(second.values == ["A", "B"])
    }

    @Test func combineLatestOfThreeWithATransform() {
        let email = Subject<String>()
        let password = Subject<String>()
        let isLoading = Property(false)
        let recorder = Recorder(email.combineLatest(password, isLoading) { email, password, isLoading in
            !email.isEmpty && password.count >= 3 && !isLoading
        })
        email.send("a@b")
        password.send("12")
        password.send("123")
        isLoading.value = true
        #expect(recorder.values == [false, true, false])
    }

    @Test func combineLatestOfAnArrayDeliversEveryLatestValueOnceAllHaveOne() {
        let a = Subject<Int>()
        let b = Property(10)
        let c = Subject<Int>()
        let recorder = Recorder(Observable.combineLatest([a, b, c]))
        a.send(1)
        c.send(100)
        a.send(2)
        a.finish()
        c.finish()
        #expect(recorder.events == [.value([1, 10, 100]), .value([2, 10, 100])])
    }

    @Test func combineLatestFinishesWhenAllSourcesHaveFinished() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(Observable.combineLatest([a, b]))
        a.send(1)
        b.send(2)
        a.finish()
        b.send(3)
        b.finish()
        #expect(recorder.events == [.value([1, 2]), .value([1, 3]), .finished])
    }

    @Test func combineLatestAndZipOfNoSourcesFinishAtOnce() {
        let none: [Observable<Int>] = []
        #expect(Recorder(Observable.combineLatest(none)).events == [.finished])
        #expect(Recorder(Observable.zip(none)).events == [.finished])
        #expect(Recorder(Observable.merge(none)).events == [.finished])
    }

    @Test func zipOfAnArrayPairsTheNthValuesAndFinishesWhenNoMoreArePossible() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let c = Subject<Int>()
        let recorder = Recorder(Observable.zip([a, b, c]))
        a.send(1)
        a.send(2)
        b.send(10)
        c.send(100)
        b.send(20)
        a.finish()
        c.send(200)
        c.send(300)
        #expect(recorder.events == [.value([1, 10, 100]), .value([2, 20, 200]), .finished])
    }

    @Test func mergeOfAMixOfStreamsDeliversAllValues() {
        let a = Subject<Int>()
        let b = Property(0)
        let recorder = Recorder(Observable.merge(a, b, Observable.just(7)))
        a.send(1)
        b.value = 2
        #expect(recorder.values == [0, 7, 1, 2])
    }

    @Test func takeUntilFinishesWhenTheTriggerDeliversAndUnbindsBoth() {
        let values = Subject<Int>()
        let stop = Subject<Void>()
        let recorder = Recorder(values.take(until: stop))
        values.send(1)
        values.send(2)
        stop.fire()
        values.send(3)
        #expect(recorder.events == [.value(1), .value(2), .finished])
        #expect(values.bindingCount == 0)
        #expect(stop.bindingCount == 0)
    }

    @Test func takeUntilIgnoresATriggerThatFinishesWithoutAValue() {
        let values = Subject<Int>()
        let stop = Subject<Void>()
        let recorder = Recorder(values.take(until: stop))
        stop.finish()
        values.send(1)
        values.finish()
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func takeUntilAPropertyFinishesAtOnce() {
        let values = Subject<Int>()
        let recorder = Recorder(values.take(until: Property(true)))
        values.send(1)
        #expect(recorder.events == [.finished])
        #expect(values.bindingCount == 0)
    }

    @Test func propertyInitialThenStartsWithInitialAndFollowsTheStream() {
        let source = Subject<Int>()
        let property = Property(initial: 0, then: source)
        let recorder = Recorder(property.asObservable())
        source.send(1)
        source.send(2)
        source.finish()
        #expect(property.value == 2)
        #expect(recorder.values == [0, 1, 2])
    }

    @Test func propertyInitialThenReleasesItsFeedWhenDeallocated() {
        let source = Subject<Int>()
        var property: Property<Int>? = Property(initial: 0, then: source.map { $0 + 1 })
        weak let weakProperty = property
        #expect(source.bindingCount == 1)
        property = nil
        #expect(weakProperty == nil)
        #expect(source.bindingCount == 0)
    }
}
