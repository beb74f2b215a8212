import Dispatch
import Signals
import SignalsTesting
import Testing

@Suite("Timeline", .timeLimit(.minutes(1)))
struct TimelineTests {
    let scheduler = TestScheduler()
    let input = LoginViewModel.Input()

    /// A login view model whose outputs are all recorded on a new timeline.
    func makeTimeline(
        exhaustivity: Timeline.Exhaustivity = .exhaustive
    ) -> (LoginViewModel, Timeline) {
        let viewModel = LoginViewModel(scheduler: scheduler)
        let timeline = Timeline(scheduler: scheduler, exhaustivity: exhaustivity)
        timeline.recordAll(of: viewModel.transform(input: input))
        return (viewModel, timeline)
    }

    func fillInForm(password: String = "secret") {
        input.emailChanged.send("ada@example.com")
        input.passwordChanged.send(password)
    }

    @Test func recordAllFindsEveryOutputStreamInDeclarationOrder() {
        let viewModel = LoginViewModel(scheduler: scheduler)
        let timeline = Timeline(scheduler: scheduler)
        let names = timeline.recordAll(of: viewModel.transform(input: input))
        #expect(names == ["isSubmitEnabled", "isLoading", "errorMessage", "signedIn"])
        timeline.expect {
            ("isSubmitEnabled", false)
            ("isLoading", false)
        }
        timeline.finish()
    }

    @Test func successfulLoginIsOneInterleavedTimeline() {
        let (viewModel, timeline) = makeTimeline()
        timeline.expect {
            ("isSubmitEnabled", false)
            ("isLoading", false)
        }
        fillInForm()
        timeline.expect { ("isSubmitEnabled", true) }
        input.submitTapped.fire()
        timeline.expect { ("isLoading", true, at: .zero) }
        scheduler.advance(by: .milliseconds(300))
        timeline.expect {
            ("isLoading", false)
            ("signedIn", "ada@example.com", at: .milliseconds(300))
        }
        timeline.finish()
        _ = viewModel
    }

    @Test func entriesKeepNameTimeAndEmissionOrder() {
        let (viewModel, timeline) = makeTimeline()
        fillInForm(password: "wrong")
        input.submitTapped.fire()
        scheduler.advance(by: .milliseconds(300))
        #expect(timeline.entries == [
            .init(name: "isSubmitEnabled", time: .zero, event: .value("false")),
            .init(name: "isLoading", time: .zero, event: .value("false")),
            .init(name: "isSubmitEnabled", time: .zero, event: .value("true")),
            .init(name: "isLoading", time: .zero, event: .value("true")),
            .init(name: "isLoading", time: .milliseconds(300), event: .value("false")),
            .init(name: "errorMessage", time: .milliseconds(300), event: .value("Wrong email or password.")),
        ])
        #expect(timeline.marbles(for: "isLoading") == "['false''true']--'false'")
        timeline.skipPendingEmissions()
        _ = viewModel
    }

    @Test func timelineThatMissesAnEmissionFailsListingIt() {
        let (viewModel, timeline) = makeTimeline()
        timeline.skipPendingEmissions()
        fillInForm()
        input.submitTapped.fire()
        scheduler.advance(by: .milliseconds(300))
        let line = #line + 2
        withKnownIssue {
            timeline.expect {
                ("isSubmitEnabled", true)
                ("isLoading", true)
                ("signedIn", "ada@example.com")
            }
        } matching: { issue in
            String(describing: issue).contains("""
                Timeline does not match (1 unexpected emission); - expected but not emitted, + emitted but not expected:
                    isSubmitEnabled: true @ 0.0 seconds
                    isLoading: true @ 0.0 seconds
                  + isLoading: false @ 0.3 seconds
                    signedIn: ada@example.com @ 0.3 seconds
                """) && issue.sourceLocation?.line == line
        }
        // The failed assertion consumed the emissions: the next one starts after them.
        #expect(timeline.pendingEntries.isEmpty)
        timeline.finish()
        _ = viewModel
    }

    @Test func statedEmissionThatDidNotHappenFails() {
        let (viewModel, timeline) = makeTimeline()
        let message = timeline.mismatch {
            ("isSubmitEnabled", false)
            ("isLoading", true)
            ("isLoading", false)
        }
        #expect(message == """
            Timeline does not match (1 expected emission missing); - expected but not emitted, + emitted but not expected:
                isSubmitEnabled: false @ 0.0 seconds
              - isLoading: true
                isLoading: false @ 0.0 seconds
            """)
        // `mismatch` consumes nothing.
        #expect(timeline.pendingEntries.count == 2)
        timeline.skipPendingEmissions()
        _ = viewModel
    }

    @Test func wrongValueShowsAsOneMissingAndOneUnexpected() {
        let (viewModel, timeline) = makeTimeline()
        let message = timeline.mismatch {
            ("isSubmitEnabled", true)
            ("isLoading", false)
        }
        #expect(message?.contains("(1 unexpected emission, 1 expected emission missing)") == true)
        #expect(message?.contains("  + isSubmitEnabled: false @ 0.0 seconds") == true)
        #expect(message?.contains("  - isSubmitEnabled: true") == true)
        timeline.skipPendingEmissions()
        _ = viewModel
    }

    @Test func expectedTimeMustMatchWhenGiven() {
        let (viewModel, timeline) = makeTimeline()
        #expect(timeline.mismatch {
            ("isSubmitEnabled", false, at: .seconds(1))
            ("isLoading", false)
        } != nil)
        timeline.expect {
            Timeline.Expectation.value("isSubmitEnabled", false, at: .zero)
            ("isLoading", "false")
        }
        _ = viewModel
    }

    @Test func expectNoMoreEmissionsFailsListingTheLeftovers() {
        let (viewModel, timeline) = makeTimeline()
        withKnownIssue {
            timeline.expectNoMoreEmissions()
        } matching: { issue in
            String(describing: issue).contains("""
                Expected no more emissions, but the timeline has 2 emissions nobody asserted:
                  + isSubmitEnabled: false @ 0.0 seconds
                  + isLoading: false @ 0.0 seconds
                """)
        }
        timeline.expectNoMoreEmissions()
        _ = viewModel
    }

    @Test func deallocatingWithUnassertedEmissionsFailsAtTheCreatingLine() {
        let subject = Subject<Int>()
        let line = #line + 3
        withKnownIssue {
            do {
                let timeline = Timeline(scheduler: scheduler)
                timeline.record("count", subject.asObservable())
                subject.send(1)
            }
        } matching: { issue in
            String(describing: issue).contains("Timeline was deallocated with 1 emission nobody asserted")
                && String(describing: issue).contains("+ count: 1 @ 0.0 seconds")
                && issue.sourceLocation?.line == line
        }
    }

    @Test func finishStopsRecording() {
        let subject = Subject<Int>()
        let timeline = Timeline(scheduler: scheduler)
        timeline.record("count", subject.asObservable())
        subject.send(1)
        timeline.expect { ("count", 1) }
        timeline.finish()
        subject.send(2)
        #expect(timeline.entries.count == 1)
        #expect(subject.bindingCount == 0)
    }

    @Test func streamFinishIsAnEntry() {
        let subject = Subject<String>()
        let timeline = Timeline(scheduler: scheduler)
        timeline.record("results", subject.asObservable())
        subject.send("cat")
        subject.finish()
        timeline.expect {
            ("results", "cat")
            ("results", .finished)
        }
    }

    @Test func ignoredOutputsNeedNoAssertion() {
        let (viewModel, timeline) = makeTimeline()
        timeline.ignore("isLoading")
        fillInForm()
        input.submitTapped.fire()
        scheduler.advance(by: .milliseconds(300))
        timeline.expect {
            ("isSubmitEnabled", false)
            ("isSubmitEnabled", true)
            ("signedIn", "ada@example.com")
        }
        #expect(timeline.entries.filter { $0.name == "isLoading" }.count == 3)
        _ = viewModel
    }

    @Test func partialTimelineChecksOrderAndSkipsTheRest() {
        let (viewModel, timeline) = makeTimeline(exhaustivity: .partial)
        fillInForm()
        input.submitTapped.fire()
        scheduler.advance(by: .milliseconds(300))
        timeline.expect { ("isLoading", true) }
        timeline.expect { ("signedIn", "ada@example.com") }
        withKnownIssue {
            timeline.expect { ("errorMessage", "Wrong email or password.") }
        } matching: { issue in
            String(describing: issue).contains("Timeline is missing 1 expected emission")
        }
        _ = viewModel
    }

    @Test func partialTimelineFailsWhenOrderIsWrong() {
        let (viewModel, timeline) = makeTimeline(exhaustivity: .partial)
        fillInForm()
        #expect(timeline.mismatch {
            ("isSubmitEnabled", true)
            ("isLoading", false)
        }?.contains("- isLoading: false") == true)
        _ = viewModel
    }

    @Test func recordsByHandWithCustomRendering() {
        let count = Property(0)
        let timeline = Timeline(scheduler: scheduler)
        timeline.record("count", count.asObservable()) { "#\($0)" }
        count.value = 1
        timeline.expect {
            ("count", "#0")
            ("count", "#1")
        }
        #expect(timeline.description == "0.0 seconds  count: #0\n0.0 seconds  count: #1")
    }

    @Test func builderAcceptsConditionsAndLoops() {
        let subject = Subject<Int>()
        let timeline = Timeline()
        timeline.record("n", subject.asObservable())
        for value in 1...3 { subject.send(value) }
        let includeLast = true
        timeline.expect {
            for value in 1...2 { ("n", value) }
            if includeLast { ("n", 3) } else { ("n", 0) }
        }
    }

    @Test func recordAllWithoutStreamsFails() {
        struct Empty { let title = "x" }
        let timeline = Timeline()
        withKnownIssue {
            timeline.recordAll(of: Empty())
        } matching: { issue in
            String(describing: issue).contains("found no Observable, Subject or Property stored in Empty")
        }
    }

    @Test func outputsEmittingFromManyThreadsAreAllRecorded() {
        let subjects = (0..<4).map { _ in Subject<Int>() }
        let timeline = Timeline()
        for (index, subject) in subjects.enumerated() {
            timeline.record("output\(index)", subject.asObservable())
        }
        DispatchQueue.concurrentPerform(iterations: 400) { iteration in
            subjects[iteration % 4].send(iteration)
        }
        #expect(timeline.entries.count == 400)
        for index in 0..<4 {
            let values = timeline.entries.filter { $0.name == "output\(index)" }
            #expect(values.count == 100)
        }
        timeline.skipPendingEmissions()
        timeline.finish()
    }
}
