#if SIGNALS_OPENCOMBINE
import OpenCombine
import OpenCombineBridges
import Signals
import SignalsTesting
import Testing

struct Boom: Error, Equatable {}

/// `Publisher.asObservable()`: a Combine publisher (OpenCombine here) as a Signals stream.
@Suite struct PublisherToObservableTests {
    @Test func valuesThenFinishedBecomeValuesThenTheFinish() {
        let publisher = PassthroughSubject<Int, Never>()
        let recorder = Recorder(publisher.asObservable())
        publisher.send(1)
        publisher.send(2)
        publisher.send(completion: .finished)
        publisher.send(3)
        #expect(recorder.events == [.value(1), .value(2), .finished])
    }

    @Test func aFailureBecomesOneFailureValueThenTheFinish() {
        let publisher = PassthroughSubject<Int, Boom>()
        let recorder = Recorder(publisher.asObservable())
        publisher.send(1)
        publisher.send(completion: .failure(Boom()))
        #expect(recorder.events == [.value(.success(1)), .value(.failure(Boom())), .finished])
    }

    @Test func aFailablePublisherThatFinishesDeliversSuccessesThenTheFinish() {
        let publisher = PassthroughSubject<String, Boom>()
        let recorder = Recorder(publisher.asObservable())
        publisher.send("a")
        publisher.send(completion: .finished)
        #expect(recorder.events == [.value(.success("a")), .finished])
    }

    @Test func eachBindingSubscribesOnceWithUnlimitedDemand() {
        var requests: [Subscribers.Demand] = []
        var subscriptions = 0
        let publisher = PassthroughSubject<Int, Never>()
        let stream = publisher
            .handleEvents(receiveSubscription: { _ in subscriptions += 1 }, receiveRequest: { requests.append($0) })
            .asObservable()
        let first = Recorder(stream)
        let second = Recorder(stream)
        publisher.send(7)
        #expect(subscriptions == 2)
        #expect(requests == [.unlimited, .unlimited])
        #expect(first.events == [.value(7)])
        #expect(second.events == [.value(7)])
    }

    @Test func cancellingTheBindingCancelsTheSubscription() {
        var cancels = 0
        let publisher = PassthroughSubject<Int, Never>()
        let recorder = Recorder(publisher.handleEvents(receiveCancel: { cancels += 1 }).asObservable())
        publisher.send(1)
        recorder.cancel()
        publisher.send(2)
        recorder.cancel()
        #expect(cancels == 1)
        #expect(recorder.events == [.value(1)])
    }

    @Test func releasingTheTokenCancelsTheSubscription() {
        var cancels = 0
        var received: [Int] = []
        let publisher = PassthroughSubject<Int, Never>()
        var token: (any Signals.Cancellable)? = publisher
            .handleEvents(receiveCancel: { cancels += 1 })
            .asObservable()
            .bind { received.append($0) }
        publisher.send(1)
        token = nil
        publisher.send(2)
        #expect(token == nil)
        #expect(cancels == 1)
        #expect(received == [1])
    }

    @Test func aSynchronousPublisherDeliversEverythingDuringBind() {
        let recorder = Recorder([1, 2, 3].publisher.asObservable())
        #expect(recorder.events == [.value(1), .value(2), .value(3), .finished])
    }

    @Test func aCurrentValueSubjectDeliversItsCurrentValueFirst() {
        let publisher = CurrentValueSubject<String, Never>("now")
        let recorder = Recorder(publisher.asObservable())
        publisher.value = "later"
        #expect(recorder.events == [.value("now"), .value("later")])
    }

    @Test func aPublishedPropertyBecomesAStreamOfItsValues() {
        final class Settings: ObservableObject {
            @Published var query = ""
        }
        let settings = Settings()
        let recorder = Recorder(settings.$query.asObservable())
        settings.query = "cats"
        #expect(recorder.events == [.value(""), .value("cats")])
    }

    @Test func operatorsChainOnTheBridgedStream() {
        let publisher = PassthroughSubject<Int, Boom>()
        let recorder = Recorder(publisher.asObservable().successes().map { $0 * 10 })
        publisher.send(1)
        publisher.send(2)
        publisher.send(completion: .failure(Boom()))
        #expect(recorder.events == [.value(10), .value(20), .finished])
    }
}
#endif
