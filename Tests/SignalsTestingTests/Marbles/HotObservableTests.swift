import Signals
import SignalsTesting
import Testing

@Suite("HotObservable")
struct HotObservableTests {
    let scheduler = TestScheduler()

    @Test func logsWhenEachBindingStartedAndEnded() throws {
        let response = try HotObservable("--r|", scheduler: scheduler)
        let first = response.bind { _ in }
        scheduler.advance(by: scheduler.ticks(1))
        first.cancel()
        let second = Recorder(response.asObservable(), scheduler: scheduler)
        scheduler.run()

        #expect(response.subscriptions == [
            HotObservable.Subscription(start: .zero, end: .milliseconds(100)),
            HotObservable.Subscription(start: .milliseconds(100)),
        ])
        expectMarbles(second, "-r|")
        _ = second
    }

    @Test func showsAViewModelCancellingItsRequestWhenANewQueryArrives() throws {
        let responses = [
            "first": try HotObservable("---a|", scheduler: scheduler),
            "second": try HotObservable("---b|", scheduler: scheduler),
        ]
        let query = Subject<String>()
        let results = Recorder(
            query.flatMapLatest { responses[$0]!.asObservable() },
            scheduler: scheduler
        )

        query.send("first")
        scheduler.advance(by: scheduler.ticks(1))
        query.send("second")
        scheduler.run()

        #expect(responses["first"]!.subscriptions == [.init(start: .zero, end: .milliseconds(100))])
        #expect(responses["second"]!.subscriptions.map(\.start) == [.milliseconds(100)])
        #expect(results.values == ["b"])
    }
}
