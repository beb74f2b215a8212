import Signals
import SignalsTesting
import Testing

/// A `@MainActor` view model (Swift 6 mode) that keeps an `Action` and binds its outputs.
@MainActor
private final class SaveViewModel {
    struct Input { let saveTapped = Subject<String>() }
    struct Output {
        let isSaving: Observable<Bool>
        let saved: Observable<String>
        let error: Observable<String>
        let refused: Observable<Void>
    }

    let bag = CancellableBag()
    private(set) var savedCount = 0                      // main-actor state, used by the work
    private let save: @Sendable (String) async throws -> String

    init(save: @escaping @Sendable (String) async throws -> String) {
        self.save = save
    }

    func transform(input: Input) -> Output {
        let save = self.save
        let action = Action(enabledIf: Property(true)) { (draft: String) in
            Observable.task { try await save(draft) }          // delivers on the main actor
        }
        input.saveTapped.bind { action.apply($0) }.store(in: bag)
        action.values.successes().bind { [unowned self] _ in self.savedCount += 1 }.store(in: bag)
        return Output(
            isSaving: action.isExecuting.asObservable(),
            saved: action.values.successes(),
            error: action.errors().map { "\($0)" },
            refused: action.disabled
        )
    }
}

@Suite(.deadlockWatchdog) struct ActionMainActorTests {
    @MainActor
    @Test func aMainActorViewModelAppliesAnActionAndReceivesOnTheMainActor() async throws {
        let call = ScriptedFunction<String, String>()
        let viewModel = SaveViewModel(save: call.function)
        let input = SaveViewModel.Input()
        let output = viewModel.transform(input: input)
        let saving = Recorder(output.isSaving)
        let saved = Recorder(output.saved)
        let refused = Recorder(output.refused)

        input.saveTapped.send("draft")
        let pending = try await call.expectCall()
        #expect(pending.input == "draft")
        input.saveTapped.send("again")           // refused: one save at a time
        #expect(saving.events == [.value(false), .value(true)])

        await pending.succeed(with: "saved draft")
        #expect(saved.events == [.value("saved draft")])
        #expect(saving.events == [.value(false), .value(true), .value(false)])
        #expect(refused.events.count == 1)
        #expect(viewModel.savedCount == 1)
        MainActor.assertIsolated()
    }
}
