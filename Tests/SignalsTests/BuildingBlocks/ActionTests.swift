import Foundation
import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct ActionTests {
    @Test func applyRunsTheWorkAndDeliversItsValues() {
        let scheduler = TestScheduler()
        let action = Action { (query: String) in
            Observable.sequence([query, query.uppercased()]).delay(for: .milliseconds(100), scheduler: scheduler)
        }
        let values = Recorder(action.values, scheduler: scheduler)
        let executing = Recorder(action.isExecuting.asObservable(), scheduler: scheduler)
        let enabled = Recorder(action.isEnabled.asObservable(), scheduler: scheduler)
        action.apply("cat")
        scheduler.run()
        #expect(stamped(values) == ["100ms cat", "100ms CAT"])
        #expect(stamped(executing) == ["0ms false", "0ms true", "100ms false"])
        #expect(stamped(enabled) == ["0ms true", "0ms false", "100ms true"])
    }

    @Test func applyingWhileExecutingIsRefusedWithADisabledEvent() {
        let scheduler = TestScheduler()
        var started: [Int] = []
        let action = Action { (n: Int) -> Observable<Int> in
            started.append(n)
            return Observable.just(n * 10).delay(for: .milliseconds(100), scheduler: scheduler)
        }
        let values = Recorder(action.values, scheduler: scheduler)
        let disabled = Recorder(action.disabled.map(to: "disabled"), scheduler: scheduler)
        action.apply(1)
        scheduler.advance(by: .milliseconds(50))
        action.apply(2)
        scheduler.advance(by: .milliseconds(50))
        action.apply(3)
        scheduler.run()
        #expect(started == [1, 3])
        #expect(stamped(values) == ["100ms 10", "200ms 30"])
        #expect(stamped(disabled) == ["50ms disabled"])
    }

    @Test func enabledIfGatesApply() {
        let isValid = Property(false)
        let action = Action(enabledIf: isValid) { (n: Int) in Observable.just(n) }
        let values = Recorder(action.values)
        let enabled = Recorder(action.isEnabled.asObservable())
        let disabled = Recorder(action.disabled)
        action.apply(1)
        isValid.value = true
        isValid.value = true
        action.apply(2)
        isValid.value = false
        #expect(values.events == [.value(2)])
        #expect(disabled.events.count == 1)
        // A synchronous execution starts and ends inside `apply`: the state goes false → true.
        #expect(enabled.events == [.value(false), .value(true), .value(false), .value(true), .value(false)])
    }

    @Test func anActionIsDisabledUntilEnabledIfDelivers() {
        let gate = Subject<Bool>()
        let action = Action(enabledIf: gate) { () -> Observable<Int> in .just(1) }
        let enabled = Recorder(action.isEnabled.asObservable())
        let disabled = Recorder(action.disabled)
        action.apply()
        gate.send(true)
        action.apply()
        #expect(enabled.events == [.value(false), .value(true), .value(false), .value(true)])
        #expect(disabled.events.count == 1)
    }

    @Test func errorsAndSuccessesOfResultWork() {
        let action = Action { (n: Int) -> Observable<Result<Int, Failure>> in
            .just(n > 0 ? .success(n) : .failure(Failure(code: n)))
        }
        let errors = Recorder(action.errors().map(\.code))
        let successes = Recorder(action.values.successes())
        action.apply(1)
        action.apply(-2)
        action.apply(3)
        #expect(errors.events == [.value(-2)])
        #expect(successes.events == [.value(1), .value(3)])
    }

    @Test func releasingTheActionCancelsTheRunningExecution() {
        let work = Subject<Int>()
        weak var weakAction: Action<Void, Int>?
        do {
            let action = Action { () -> Observable<Int> in work.asObservable() }
            weakAction = action
            action.apply()
            #expect(work.bindingCount == 1)
        }
        #expect(weakAction == nil)
        #expect(work.bindingCount == 0)
    }

    @Test func ofTwoThreadsApplyingAtOnceExactlyOneStarts() {
        for _ in 0..<200 {
            let started = Counter()
            let refused = Counter()
            let work = Subject<Int>()
            // `Action` is not Sendable (its work may capture actor state); its state is locked,
            // so applying from several threads at once is safe, which is what this checks.
            nonisolated(unsafe) let action = Action { () -> Observable<Int> in
                started.increment()
                return work.asObservable()
            }
            let token = action.disabled.bind { refused.increment() }
            guard runBounded("the four threads' apply", {
                DispatchQueue.concurrentPerform(iterations: 4) { _ in action.apply() }
            }) != nil else { return }
            #expect(started.value == 1)
            #expect(refused.value == 3)
            token.cancel()
        }
    }

    @Test func anExecutionThatEndsDuringApplyNeverCancelsTheNextOneStartedOnAnotherThread() {
        // Thread 1 applies work that finishes inside `apply`; the moment it has ended, thread 2
        // starts work that runs on. Thread 1's `apply` must not then replace (and so cancel)
        // thread 2's execution while it stores its own finished one.
        for _ in 0..<3_000 {
            let running = Subject<Int>()
            nonisolated(unsafe) let action = Action { (finishesAtOnce: Bool) -> Observable<Int> in
                finishesAtOnce ? Observable.just(1) : running.asObservable()
            }
            let started = Counter()
            let token = action.isExecuting.bind { if $0 { started.increment() } }
            let done = DispatchSemaphore(value: 0)
            detachThread {
                action.apply(true)
                done.signal()
            }
            detachThread {
                while started.value < 1 {}                // thread 1's execution has started
                while started.value < 2 { action.apply(false) }
                done.signal()
            }
            guard done.waitOrFail("the first thread's apply"),
                  done.waitOrFail("the second thread's apply")
            else { return }
            #expect(running.bindingCount == 1)   // thread 2's execution still runs
            token.cancel()
        }
    }
}
