import Signals
import SignalsTesting
import Testing

/// `ScriptedFunction`: an `async throws` dependency a test answers, with the view model's
/// outputs awaited — never polled — after each answer.
@Suite(.timeLimit(.minutes(1)))
struct ScriptedFunctionTests {
    struct ServerDown: Error, CustomStringConvertible {
        var description: String { "server down" }
    }

    let ada = Credentials(email: "ada@example.com", password: "secret")
    let grace = Credentials(email: "grace@example.com", password: "cobol")

    @Test func sendInputExpectRequestAnswerExpectOutputs() async throws {
        let login = ScriptedFunction<Credentials, String>()
        let viewModel = AsyncLoginViewModel(login: login.function)
        let input = AsyncLoginViewModel.Input()
        let timeline = Timeline()
        timeline.recordAll(of: viewModel.transform(input: input))
        timeline.expect { ("isLoading", false) }

        input.submitTapped.send(ada)
        let call = try await login.expectCall()
        #expect(call.input == ada)
        timeline.expect { ("isLoading", true) }

        await call.succeed(with: "Ada")
        timeline.expect {
            ("isLoading", false)
            ("signedIn", "Ada")
        }
        #expect(login.calls.map(\.state) == [.answered])
        login.expectNoPendingCalls()
        timeline.finish()
    }

    @Test func aFailureReachesTheViewModelAsAnError() async throws {
        let login = ScriptedFunction<Credentials, String>()
        let viewModel = AsyncLoginViewModel(login: login.function)
        let input = AsyncLoginViewModel.Input()
        let errors = Recorder(viewModel.transform(input: input).errorMessage)

        input.submitTapped.send(ada)
        try await login.expectCall().fail(with: ServerDown())

        #expect(errors.values == ["Login failed: server down"])
    }

    @Test func aNewSubmitCancelsTheRequestInFlight() async throws {
        let login = ScriptedFunction<Credentials, String>()
        let viewModel = AsyncLoginViewModel(login: login.function)
        let input = AsyncLoginViewModel.Input()
        let signedIn = Recorder(viewModel.transform(input: input).signedIn)

        input.submitTapped.send(ada)
        let first = try await login.expectCall()
        input.submitTapped.send(grace)
        let second = try await login.expectCall()
        await second.succeed(with: "Grace")

        #expect(first.isCancelled)
        #expect(login.cancelledCalls.map(\.input) == [ada])
        #expect(login.inputs == [ada, grace])
        #expect(signedIn.values == ["Grace"])
    }

    @Test func aCallLeftUnansweredKeepsLoadingAndIsCancelledWithItsBinding() async throws {
        let login = ScriptedFunction<Credentials, String>()
        var viewModel: AsyncLoginViewModel? = AsyncLoginViewModel(login: login.function)
        let input = AsyncLoginViewModel.Input()
        let isLoading = Recorder(viewModel!.transform(input: input).isLoading)

        input.submitTapped.send(ada)
        let call = try await login.expectCall()
        call.neverAnswer()
        login.expectNoPendingCalls()
        #expect(call.state == .neverAnswered)
        #expect(isLoading.values == [false, true])

        viewModel = nil   // its bag cancels the binding, which cancels the task at once
        // expectCall() handed the call out with its caller inside its cancellation handler, so
        // the cancel has marked it by now (it used to, 1 run in 400, only a moment later).
        #expect(call.isCancelled)
        #expect(login.calls.map(\.state) == [.cancelled])
    }

    @Test func answeringRunsTheSchedulersWorkDueNow() async throws {
        let scheduler = TestScheduler()
        let login = ScriptedFunction<Credentials, String>(scheduler: scheduler)
        let input = Subject<Credentials>()
        let names = Recorder(
            input.asObservable()
                .flatMapLatest { credentials in Observable.task { try await login(credentials) } }
                .compactMap { try? $0.get() }
                .receive(on: scheduler),
            scheduler: scheduler
        )

        input.send(ada)
        try await login.expectCall().succeed(with: "Ada")

        #expect(names.values == ["Ada"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func theAnswerIsDeliveredBeforeSucceedReturnsEveryTime() async throws {
        let login = ScriptedFunction<Credentials, String>()
        let viewModel = AsyncLoginViewModel(login: login.function)
        let input = AsyncLoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let signedIn = Recorder(output.signedIn)
        let isLoading = Recorder(output.isLoading)

        // Sequential awaits on the cooperative pool: 1,000 in CI's soak step, 250 beside other tests.
        let repetitions = soakCount(250, soak: 1_000)
        for repetition in 1...repetitions {
            input.submitTapped.send(ada)
            try await login.expectCall().succeed(with: "user \(repetition)")
            #expect(signedIn.lastValue == "user \(repetition)")
            #expect(isLoading.lastValue == false)
            if signedIn.values.count != repetition { break }
        }
        #expect(signedIn.values.count == repetitions)
        #expect(isLoading.values.count == 2 * repetitions + 1)
    }

    @Test func aVoidInputScriptedFunctionServesAsAZeroArgumentDependency() async throws {
        /// A view model whose dependency takes no argument, as most "refresh" or "load" ones do.
        final class Feed: Sendable {
            let refresh: @Sendable () async throws -> [String]
            init(refresh: @escaping @Sendable () async throws -> [String]) { self.refresh = refresh }

            func items(onPull pulls: Subject<Void>) -> Observable<[String]> {
                pulls.flatMapLatest { Observable.task { try await self.refresh() } }
                    .map { (try? $0.get()) ?? [] }
            }
        }
        let refresh = ScriptedFunction<Void, [String]>()
        let feed = Feed(refresh: refresh.zeroArgumentFunction)
        let pulls = Subject<Void>()
        let items = Recorder(feed.items(onPull: pulls))

        pulls.fire()
        try await refresh.expectCall().succeed(with: ["a", "b"])
        pulls.fire()
        try await refresh.expectCall().fail(with: ServerDown())
        let direct = Task { try await refresh() }
        try await refresh.expectCall().succeed(with: ["c"])

        #expect(items.values == [["a", "b"], []])
        #expect(try await direct.value == ["c"])
        #expect(refresh.calls.map(\.state) == [.answered, .answered, .answered])
    }

    @Test func expectCallFailsWhenNoCallComes() async {
        let login = ScriptedFunction<Credentials, String>()
        await withKnownIssue {
            _ = try? await login.expectCall(timeout: .milliseconds(20))
        } matching: { issue in
            String(describing: issue).contains("Expected a call to the scripted function")
        }
    }

    @Test func answeringTwiceFails() async throws {
        let login = ScriptedFunction<Credentials, String>()
        let task = Task { try await login(ada) }
        let call = try await login.expectCall()
        await call.succeed(with: "Ada")
        await withKnownIssue {
            await call.succeed(with: "Ada again")
        } matching: { issue in
            String(describing: issue).contains("was answered again")
        }
        #expect(try await task.value == "Ada")
    }
}
