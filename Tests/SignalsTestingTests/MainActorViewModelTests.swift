import Signals
import SignalsTesting
import Testing
import XCTest

/// Every SignalsTesting tool on a `@MainActor` view model with an isolated conformance
/// (`@MainActor final class …: @MainActor ViewModelType`), from `@MainActor` tests.
@MainActor
struct MainActorViewModelTests {
    let ada = Credentials(email: "ada@example.com", password: "secret")

    @Test func scriptedFunctionTimelineAndRecorderWorkFromTheMainActor() async throws {
        let login = ScriptedFunction<Credentials, String>()
        let viewModel = MainActorLoginViewModel(login: login.function)
        let input = MainActorLoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let timeline = Timeline()
        timeline.recordAll(of: output)
        let signedIn = Recorder(output.signedIn)
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
        #expect(signedIn.values == ["Ada"])
        #expect(viewModel.userName == "Ada")
        timeline.finish()
    }

    @Test func marblesAndTheTestSchedulerWorkFromTheMainActor() throws {
        let scheduler = TestScheduler()
        let viewModel = MainActorLoginViewModel { credentials in credentials.email }
        let input = MainActorLoginViewModel.Input()
        let isLoading = Recorder(viewModel.transform(input: input).isLoading, scheduler: scheduler)
        scheduler.advance(by: scheduler.ticks(2))
        expectMarbles(isLoading, "f") { $0 ? "t" : "f" }
        expectMarbles(isLoading, "f", values: ["f": false, "t": true])
    }

    @Test func expectNoLeaksWorksFromTheMainActor() async throws {
        let login = ScriptedFunction<Credentials, String>()
        try await expectNoLeaks { tracker in
            let viewModel = tracker.track(MainActorLoginViewModel(login: login.function))
            let input = MainActorLoginViewModel.Input()
            let signedIn = Recorder(viewModel.transform(input: input).signedIn)
            input.submitTapped.send(ada)
            try await login.expectCall().succeed(with: "Ada")
            #expect(signedIn.values == ["Ada"])
        }
    }
}

/// The same tools from a `@MainActor` XCTest test case.
@MainActor
final class MainActorViewModelXCTests: XCTestCase {
    func testScriptedFunctionTimelineAndLeakCheckWorkFromTheMainActor() async throws {
        let login = ScriptedFunction<Credentials, String>()
        try await expectNoLeaks { tracker in
            let viewModel = tracker.track(MainActorLoginViewModel(login: login.function))
            let input = MainActorLoginViewModel.Input()
            let timeline = Timeline()
            timeline.recordAll(of: viewModel.transform(input: input))
            input.submitTapped.send(Credentials(email: "ada@example.com", password: "secret"))
            try await login.expectCall().succeed(with: "Ada")
            timeline.expect {
                ("isLoading", false)
                ("isLoading", true)
                ("isLoading", false)
                ("signedIn", "Ada")
            }
            timeline.finish()
        }
        let scheduler = TestScheduler()
        let flags = Recorder(try scheduler.hotObservable("t-f", values: ["t": true, "f": false]), scheduler: scheduler)
        scheduler.run()
        expectMarbles(flags, "t-f", values: ["t": true, "f": false])
    }
}
