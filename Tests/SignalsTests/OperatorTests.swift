import Signals
import SignalsTesting
import Testing

@Suite struct MapFilterTests {
    @Test func mapTransformsValuesAndPassesFinish() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asObservable().map { "\($0 * 2)" })
        subject.send(1)
        subject.send(2)
        subject.finish()
        #expect(recorder.events == [.value("2"), .value("4"), .finished])
    }

    @Test func compactMapDropsNils() {
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().compactMap { Int($0) })
        ["1", "x", "3"].forEach(subject.send)
        subject.finish()
        #expect(recorder.events == [.value(1), .value(3), .finished])
    }

    @Test func filterKeepsMatchingValues() {
        let recorder = Recorder(Observable.sequence(1...6).filter { $0.isMultiple(of: 2) })
        #expect(recorder.events == [.value(2), .value(4), .value(6), .finished])
    }

    @Test func removeDuplicatesComparesWithTheLastDeliveredValue() {
        let recorder = Recorder(Observable.sequence([1, 1, 2, 2, 1, 3, 3]).removeDuplicates())
        #expect(recorder.events == [.value(1), .value(2), .value(1), .value(3), .finished])
    }

    @Test func removeDuplicatesByPredicate() {
        let recorder = Recorder(Observable.sequence([1, 2, 10, 11, 3]).removeDuplicates { abs($0 - $1) < 5 })
        #expect(recorder.events == [.value(1), .value(10), .value(3), .finished])
    }

    @Test func removeDuplicatesStateIsPerBinding() {
        let subject = Subject<Int>()
        let stream = subject.asObservable().removeDuplicates()
        let first = Recorder(stream)
        subject.send(1)
        let second = Recorder(stream)
        subject.send(1)
        subject.send(2)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }

    @Test func scanDeliversRunningResults() {
        let recorder = Recorder(Observable.sequence([1, 2, 3]).scan(10, +))
        #expect(recorder.events == [.value(11), .value(13), .value(16), .finished])
    }

    @Test func prependDeliversItsValuesFirst() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asObservable().prepend(-1, 0))
        subject.send(1)
        subject.finish()
        #expect(recorder.events == [.value(-1), .value(0), .value(1), .finished])
    }
}

@Suite struct TakeSkipTests {
    @Test func skipDropsTheFirstValues() {
        let recorder = Recorder(Observable.sequence(1...5).skip(2))
        #expect(recorder.events == [.value(3), .value(4), .value(5), .finished])
    }

    @Test func takeFinishesAfterCountAndCancelsUpstream() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asObservable().take(2))
        subject.send(1)
        subject.send(2)
        #expect(subject.bindingCount == 0)
        subject.send(3)
        #expect(recorder.events == [.value(1), .value(2), .finished])
    }

    @Test func takeZeroFinishesAtOnceWithoutBinding() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asObservable().take(0))
        #expect(recorder.events == [.finished])
        #expect(subject.bindingCount == 0)
    }

    @Test func takeFinishesWhenUpstreamFinishesEarly() {
        let recorder = Recorder(Observable.sequence([1]).take(3))
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func takeFromASynchronousSourceStopsIt() {
        let property = Property(7)
        let recorder = Recorder(property.asObservable().take(1))
        #expect(recorder.events == [.value(7), .finished])
        #expect(property.bindingCount == 0)
    }

    @Test func firstDeliversOneValueThenFinishes() {
        let recorder = Recorder(Observable.sequence([4, 5]).first())
        #expect(recorder.events == [.value(4), .finished])
    }

    @Test func firstOfAnEmptyStreamJustFinishes() {
        let recorder = Recorder(Observable<Int>.empty.first())
        #expect(recorder.events == [.finished])
    }

    @Test func firstWhereFindsTheFirstMatch() {
        let recorder = Recorder(Observable.sequence([1, 4, 6]).first { $0 > 3 })
        #expect(recorder.events == [.value(4), .finished])
    }
}

@Suite struct MergeTests {
    @Test func mergeInterleavesAndFinishesWhenAllFinish() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.asObservable().merge(with: b.asObservable()))
        a.send(1)
        b.send(2)
        a.finish()
        b.send(3)
        #expect(recorder.events == [.value(1), .value(2), .value(3)])
        b.finish()
        #expect(recorder.events == [.value(1), .value(2), .value(3), .finished])
    }

    @Test func mergeOfNothingFinishesAtOnce() {
        let recorder = Recorder(Observable<Int>.merge([]))
        #expect(recorder.events == [.finished])
    }

    @Test func cancellingAMergeUnbindsEverySource() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let token = Observable.merge([a.asObservable(), b.asObservable()]).bind { _ in }
        #expect(a.bindingCount == 1 && b.bindingCount == 1)
        token.cancel()
        #expect(a.bindingCount == 0 && b.bindingCount == 0)
    }
}

@Suite struct CombineLatestTests {
    @Test func waitsForBothThenDeliversEveryChange() {
        let a = Subject<Int>()
        let b = Subject<String>()
        let recorder = Recorder(a.asObservable().combineLatest(b.asObservable()).map { "\($0)\($1)" })
        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")
        a.finish()
        b.send("z")
        b.finish()
        #expect(recorder.events == [.value("2x"), .value("3x"), .value("3y"), .value("3z"), .finished])
    }

    @Test func finishesOnlyWhenBothFinish() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.asObservable().combineLatest(b.asObservable()) { $0 + $1 })
        b.finish()
        a.send(1)
        #expect(recorder.events == [])
        a.finish()
        #expect(recorder.events == [.finished])
    }

    @Test func replayingPropertiesCombineAtOnce() {
        let a = Property(1)
        let b = Property(10)
        let c = Property(100)
        let recorder = Recorder(a.asObservable().combineLatest(b.asObservable(), c.asObservable()).map { $0 + $1 + $2 })
        b.value = 20
        #expect(recorder.values == [111, 121])
    }
}

@Suite struct ZipTests {
    @Test func pairsValuesInOrder() {
        let a = Subject<Int>()
        let b = Subject<String>()
        let recorder = Recorder(a.asObservable().zip(b.asObservable()).map { "\($0)\($1)" })
        a.send(1)
        a.send(2)
        b.send("x")
        b.send("y")
        b.send("z")
        a.send(3)
        #expect(recorder.values == ["1x", "2y", "3z"])
    }

    @Test func finishesWhenAFinishedSideHasNothingLeftToPair() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.asObservable().zip(b.asObservable()).map { $0 * $1 })
        a.send(2)
        a.send(3)
        a.finish()
        #expect(recorder.events == [])
        b.send(10)
        #expect(recorder.events == [.value(20)])
        b.send(10)
        #expect(recorder.events == [.value(20), .value(30), .finished])
    }

    @Test func finishesAtOnceWhenAnEmptySideFinishes() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.asObservable().zip(b.asObservable()).map { $0 + $1 })
        a.send(1)
        b.finish()
        #expect(recorder.events == [.finished])
        #expect(a.bindingCount == 1)
        recorder.cancel()
        #expect(a.bindingCount == 0)
    }
}

@Suite struct WithLatestFromTests {
    @Test func deliversTheLatestOtherValueOnEachPrimaryValue() {
        let primary = Subject<Int>()
        let other = Subject<String>()
        let recorder = Recorder(primary.asObservable().withLatestFrom(other.asObservable()) { "\($0)\($1)" })
        primary.send(0)
        other.send("a")
        other.send("b")
        primary.send(1)
        primary.send(2)
        other.finish()
        primary.send(3)
        primary.finish()
        #expect(recorder.events == [.value("1b"), .value("2b"), .value("3b"), .finished])
    }

    @Test func seesAReplayingPropertyAtOnce() {
        let submit = Subject<Void>()
        let query = Property("cats")
        let recorder = Recorder(submit.asObservable().withLatestFrom(query.asObservable()))
        submit.fire()
        query.value = "dogs"
        submit.fire()
        #expect(recorder.values == ["cats", "dogs"])
    }
}

@Suite struct FlatMapLatestTests {
    @Test func deliversOnlyTheLatestInnerStream() {
        let outer = Subject<Int>()
        let inners = [Subject<String>(), Subject<String>()]
        let recorder = Recorder(outer.asObservable().flatMapLatest { inners[$0].asObservable() })
        outer.send(0)
        inners[0].send("a")
        outer.send(1)
        #expect(inners[0].bindingCount == 0)
        inners[0].send("stale")
        inners[1].send("b")
        #expect(recorder.values == ["a", "b"])
    }

    @Test func finishesWhenOuterAndCurrentInnerHaveFinished() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let recorder = Recorder(outer.asObservable().flatMapLatest { _ in inner.asObservable() })
        outer.send(0)
        outer.finish()
        inner.send(1)
        #expect(recorder.events == [.value(1)])
        inner.finish()
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func innerFinishingDoesNotFinishWhileOuterIsLive() {
        let outer = Subject<Int>()
        let recorder = Recorder(outer.asObservable().flatMapLatest { Observable.just($0 * 10) })
        outer.send(1)
        outer.send(2)
        #expect(recorder.events == [.value(10), .value(20)])
        outer.finish()
        #expect(recorder.events == [.value(10), .value(20), .finished])
    }

    @Test func cancellingUnbindsOuterAndInner() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let token = outer.asObservable().flatMapLatest { _ in inner.asObservable() }.bind { _ in }
        outer.send(0)
        #expect(inner.bindingCount == 1)
        token.cancel()
        #expect(inner.bindingCount == 0)
        #expect(outer.bindingCount == 0)
    }

    @Test func switchingManyTimesKeepsOneInnerBinding() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        var sum = 0
        let token = outer.asObservable().flatMapLatest { offset in inner.asObservable().map { $0 + offset } }.bind { sum += $0 }
        for index in 0..<1_000 {
            outer.send(index)
            inner.send(1)
        }
        #expect(inner.bindingCount == 1)
        #expect(sum == (0..<1_000).reduce(0) { $0 + $1 + 1 })
        token.cancel()
    }
}

@Suite struct FlatMapTests {
    @Test func mergesEveryInnerStreamAndFinishesWhenAllHave() {
        let outer = Subject<Int>()
        let inners = [Subject<String>(), Subject<String>()]
        let recorder = Recorder(outer.asObservable().flatMap { inners[$0].asObservable() })
        outer.send(0)
        outer.send(1)
        inners[0].send("a")
        inners[1].send("b")
        inners[0].send("c")
        outer.finish()
        inners[0].finish()
        #expect(recorder.events == [.value("a"), .value("b"), .value("c")])
        inners[1].finish()
        #expect(recorder.events == [.value("a"), .value("b"), .value("c"), .finished])
    }

    @Test func synchronousInnerStreamsAreDeliveredAndReleased() {
        let recorder = Recorder(Observable.sequence([1, 2, 3]).flatMap { Observable.sequence([$0, $0 * 10]) })
        #expect(recorder.events == [.value(1), .value(10), .value(2), .value(20), .value(3), .value(30), .finished])
    }

    @Test func cancellingUnbindsEveryInnerStream() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let token = outer.asObservable().flatMap { _ in inner.asObservable() }.bind { _ in }
        outer.send(0)
        outer.send(1)
        #expect(inner.bindingCount == 2)
        token.cancel()
        #expect(inner.bindingCount == 0)
    }
}

@Suite struct HandleEventsTests {
    @Test func reportsEachStageInOrder() {
        let subject = Subject<Int>()
        var log: [String] = []
        let recorder = Recorder(subject.asObservable().handleEvents(
            onBind: { log.append("bind") },
            onValue: { log.append("value \($0)") },
            onFinish: { log.append("finish") }
        ))
        subject.send(1)
        subject.finish()
        #expect(log == ["bind", "value 1", "finish"])
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func onCancelRunsOnlyWhenCancelledBeforeFinishing() {
        let cancels = Counter()
        let subject = Subject<Int>()
        let token = subject.asObservable().handleEvents(onCancel: { cancels.increment() }).bind { _ in }
        token.cancel()
        token.cancel()
        #expect(cancels.value == 1)
        let finishing = Observable.just(1).handleEvents(onCancel: { cancels.increment() }).bind { _ in }
        finishing.cancel()
        #expect(cancels.value == 1)
    }
}

@Suite struct ShareTests {
    @Test func bindsUpstreamOnceForManyBindings() {
        let binds = Counter()
        let subject = Subject<Int>()
        let shared = subject.asObservable().handleEvents(onBind: { binds.increment() }).map { $0 * 2 }.share()
        let first = Recorder(shared)
        let second = Recorder(shared)
        subject.send(1)
        #expect(binds.value == 1)
        #expect(subject.bindingCount == 1)
        #expect(first.values == [2])
        #expect(second.values == [2])
    }

    @Test func disconnectsWhenTheLastBindingGoesAndReconnectsLater() {
        let subject = Subject<Int>()
        let shared = subject.asObservable().share()
        let first = Recorder(shared)
        first.cancel()
        #expect(subject.bindingCount == 0)
        let second = Recorder(shared)
        #expect(subject.bindingCount == 1)
        subject.send(5)
        #expect(second.values == [5])
    }

    @Test func upstreamFinishFinishesEveryBindingAndALaterBindingStartsAfresh() {
        let binds = Counter()
        let subject = Subject<Int>()
        let shared = subject.asObservable().handleEvents(onBind: { binds.increment() }).share()
        let first = Recorder(shared)
        subject.send(1)
        subject.finish()
        #expect(first.events == [.value(1), .finished])
        let second = Recorder(shared)
        #expect(binds.value == 2)
        #expect(second.events == [.finished])   // the subject itself stays finished
    }
}
