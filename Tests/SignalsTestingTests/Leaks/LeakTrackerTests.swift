import Signals
import SignalsTesting
import Testing

@Suite("Leak checks")
struct LeakTrackerTests {
    @Test func viewModelWithItsBindingsIsReleased() {
        let scheduler = TestScheduler()
        expectNoLeaks { tracker in
            let viewModel = tracker.track(LoginViewModel(scheduler: scheduler))
            tracker.track(viewModel.bag)
            let input = LoginViewModel.Input()
            let output = viewModel.transform(input: input)
            let timeline = tracker.track(Timeline(scheduler: scheduler))
            timeline.recordAll(of: output)
            input.emailChanged.send("ada@example.com")
            input.passwordChanged.send("secret")
            input.submitTapped.fire()
            scheduler.run()
            timeline.skipPendingEmissions()
        }
    }

    @Test func leakIsCaughtAndNamesTheTypeAndWhereItWasTracked() {
        weak var leaked: LeakyCounterViewModel?
        let line = #line + 6
        withKnownIssue {
            expectNoLeaks { tracker in
                let viewModel = tracker.track(LeakyCounterViewModel())
                leaked = viewModel
                _ = viewModel.transform(input: .init())
                tracker.track(viewModel.bag)
            }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("2 tracked objects are still alive")
                && text.contains("LeakyCounterViewModel (tracked at SignalsTestingTests/LeakTrackerTests.swift:\(line - 3))")
                && text.contains("CancellableBag (tracked at SignalsTestingTests/LeakTrackerTests.swift:\(line))")
        }
        // Breaks the deliberate cycle, so the process ends without the leak (LeakSanitizer).
        leaked?.bag.cancelAll()
        #expect(leaked == nil)
    }

    @Test func failureIsRecordedAtTheCallOfExpectNoLeaks() {
        weak var leaked: LeakyCounterViewModel?
        let line = #line + 2
        withKnownIssue {
            expectNoLeaks { tracker in
                let viewModel = tracker.track(LeakyCounterViewModel())
                leaked = viewModel
                _ = viewModel.transform(input: .init())
            }
        } matching: { issue in
            issue.sourceLocation?.line == line
        }
        // Breaks the deliberate cycle, so the process ends without the leak (LeakSanitizer).
        leaked?.bag.cancelAll()
        #expect(leaked == nil)
    }

    @Test func trackerAloneReportsWithoutFailing() {
        let tracker = LeakTracker()
        var kept: LeakyCounterViewModel?
        do {
            let released = tracker.track(CancellableBag())
            kept = tracker.track(LeakyCounterViewModel())
            _ = released
        }
        #expect(tracker.trackedCount == 2)
        #expect(tracker.aliveTypeNames == ["LeakyCounterViewModel"])
        #expect(tracker.leakMessage?.hasPrefix("1 tracked object is still alive (leaked") == true)
        kept = nil
        #expect(tracker.aliveTypeNames.isEmpty)
        #expect(tracker.leakMessage == nil)
        _ = kept
    }

    @Test func subscriptionChainHoldsNothingAfterItsTokenIsDropped() {
        let subject = Subject<Int>()
        expectNoLeaks { tracker in
            let recorder = tracker.track(Recorder(subject.asObservable().map { $0 * 2 }.filter { $0 > 0 }))
            subject.send(1)
            #expect(recorder.values == [2])
        }
        #expect(subject.bindingCount == 0)
    }

    @Test func asyncBodyIsCheckedToo() async {
        await expectNoLeaks { tracker in
            let bag = tracker.track(CancellableBag())
            await Task.yield()
            bag.cancelAll()
        }
        await withKnownIssue {
            let holder = Holder()
            await expectNoLeaks { tracker in
                holder.object = tracker.track(CancellableBag())
                await Task.yield()
            }
        }
    }

    @Test func checkRunsAndErrorIsRethrownWhenBodyThrows() {
        struct Failure: Error {}
        withKnownIssue {
            let holder = Holder()
            #expect(throws: Failure.self) {
                try expectNoLeaks { tracker in
                    holder.object = tracker.track(CancellableBag())
                    throw Failure()
                }
            }
        }
    }
}

/// Keeps an object alive from outside a leak-checked scope.
private final class Holder: @unchecked Sendable {
    var object: AnyObject?
}
