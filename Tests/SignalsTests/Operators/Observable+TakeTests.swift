import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct TakeSkipTests {
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
