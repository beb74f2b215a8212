import Foundation
import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct ActivityTrackerTests {
    @Test func aTrackerReplaysItsStateAndIsActiveWhileABindingRuns() {
        let activity = ActivityTracker()
        let recorder = Recorder(activity)
        let request = Subject<Int>()
        let values = Recorder(request.track(activity))
        #expect(activity.isActive)
        #expect(Recorder(activity).events == [.value(true)])
        request.send(1)
        request.finish()
        #expect(recorder.events == [.value(false), .value(true), .value(false)])
        #expect(values.events == [.value(1), .finished])
    }

    @Test func overlappingBindingsAreOneActivity() {
        let scheduler = TestScheduler()
        let activity = ActivityTracker()
        let recorder = Recorder(activity, scheduler: scheduler)
        let slow = Observable.just(1).delay(for: .milliseconds(300), scheduler: scheduler).track(activity)
        let fast = Observable.just(2).delay(for: .milliseconds(100), scheduler: scheduler).track(activity)
        let first = Recorder(slow)
        scheduler.advance(by: .milliseconds(50))
        let second = Recorder(fast)
        scheduler.run()
        #expect(stamped(recorder) == ["0ms false", "0ms true", "300ms false"])
        #expect(first.values == [1])
        #expect(second.values == [2])
    }

    @Test func cancellingOrReleasingABindingEndsItsActivityOnce() {
        let activity = ActivityTracker()
        let recorder = Recorder(activity)
        let never = Observable<Int>.never.track(activity)
        let token = never.bind { _ in }
        token.cancel()
        token.cancel()
        var released: (any Cancellable)? = never.bind { _ in }
        #expect(activity.isActive)
        released = nil
        #expect(!activity.isActive)
        _ = released
        #expect(recorder.events == [.value(false), .value(true), .value(false), .value(true), .value(false)])
    }

    @Test func aFinishCancelledAfterwardsDoesNotEndTwice() {
        let activity = ActivityTracker()
        let other = Observable<Int>.never.track(activity).bind { _ in }
        let finished = Observable.just(1).track(activity).bind { _ in }
        finished.cancel()
        #expect(activity.isActive)              // `other` still runs
        other.cancel()
        #expect(!activity.isActive)
    }

    @Test func theActivityEndsBeforeTheFinishIsDeliveredAndStartsBeforeValues() {
        let activity = ActivityTracker()
        var seen: [String] = []
        let token = Observable.sequence([1]).track(activity).bind(
            onValue: { _ in seen.append("value while active: \(activity.isActive)") },
            onFinish: { seen.append("finish while active: \(activity.isActive)") }
        )
        #expect(seen == ["value while active: true", "finish while active: false"])
        _ = token
    }

    @Test func aFlatMapLatestSwitchEndsTheOldActivityBeforeTheNewOneStarts() {
        let scheduler = TestScheduler()
        let activity = ActivityTracker()
        let loading = Recorder(activity, scheduler: scheduler)
        let queries = Subject<String>()
        let results = Recorder(
            queries.flatMapLatest { query in
                Observable.just(query.uppercased()).delay(for: .milliseconds(200), scheduler: scheduler).track(activity)
            },
            scheduler: scheduler
        )
        queries.send("c")
        scheduler.advance(by: .milliseconds(100))
        queries.send("ca")
        scheduler.run()
        // flatMapLatest cancels the replaced search before binding the new one.
        #expect(stamped(loading) == ["0ms false", "0ms true", "100ms false", "100ms true", "300ms false"])
        #expect(stamped(results) == ["300ms CA"])
    }

    @Test func manyThreadsTrackingAtOnceLeaveConsistentAlternatingStates() {
        let activity = ActivityTracker()
        let states = LockedList<Bool>()
        let token = activity.bind { states.append($0) }
        guard runBounded("the 4 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for round in 0..<10_000 {
                    let subject = Subject<Int>()
                    let binding = subject.track(activity).bind { _ in }
                    if (round + thread).isMultiple(of: 2) {
                        binding.cancel()
                        binding.cancel()
                    } else {
                        subject.finish()             // finished, then released: ends once
                    }
                    _ = binding
                }
            }
        }) != nil else { return }
        token.cancel()
        let delivered = states.elements
        #expect(!activity.isActive)
        #expect(delivered.first == false)
        #expect(delivered.last == false)
        #expect(delivered.count >= 3)
        #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $0 != $1 })
    }
}
