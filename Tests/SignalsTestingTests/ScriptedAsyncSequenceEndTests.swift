import Foundation
import Signals
import SignalsTesting
import Testing

// The docs promise that the scripted end "has run when `sendFinish()` returns" on the
// consumer's actor. One round that happens to pass proves little: the end used to arrive
// late in about one round in four, and in a few per thousand for the docs' own example. So
// each test runs 1,000 rounds while another thread keeps a core busy, and counts the rounds
// in which the end had not arrived when the send returned.

private struct UploadFailed: Error, CustomStringConvertible {
    var description: String { "upload failed" }
}

/// A thread that keeps one core busy until ``stop()`` (or, as a bound, for at most 30 s).
private final class BusyCore: @unchecked Sendable {
    // Lock holder: `isStopped` is guarded by `lock`.
    private let lock = NSLock()
    private var isStopped = false

    init() {
        let deadline = Date().addingTimeInterval(30)
        Thread.detachNewThread { [self] in
            #if os(Linux)
            // The lowest priority: the core is busy while it would be idle, but the spinning
            // never takes a core from the rest of a parallel `swift test` (in a ThreadSanitizer
            // run it ran for its whole 30 s in each of the four tests, half of a 2-core host).
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)  // 0: this thread, on Linux
            #endif
            var spins = 0
            while !stopped, Date() < deadline {
                for _ in 0..<1_000 { spins &+= 1 }
            }
            _ = spins
        }
    }

    private var stopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isStopped
    }

    func stop() {
        lock.lock()
        isStopped = true
        lock.unlock()
    }
}

/// The docs' upload view model (TestingViewModelsHeadlessly.md), as written there.
@MainActor private final class UploadViewModel {
    struct Input: Sendable {
        let uploadTapped = Subject<Void>()
    }

    struct Output {
        let progress: Observable<Double>
    }

    let bag = CancellableBag()
    private let upload: (String) -> Observable<Double>

    init<Progress: AsyncSequence & Sendable>(
        upload: @escaping @Sendable (_ file: String) -> Progress
    ) where Progress.Element == Double {
        self.upload = { file in Observable(elements: upload(file)) }
    }

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let upload = self.upload
        return Output(progress: input.uploadTapped.first().flatMap { _ in upload("photo.jpg") })
    }
}

private let rounds = 1_000

// Serialized: one busy thread at a time, so the suite loads one core, not four, beside the
// rest of a parallel `swift test`. Alone a test takes about a second; the limit leaves room
// for a main actor shared with the whole suite on a loaded machine.
@MainActor @Suite(.serialized, .timeLimit(.minutes(2)))
struct ScriptedAsyncSequenceEndTests {
    @Test func theFinishHasReachedAMainActorRecorderWhenSendFinishReturns() async {
        await expectNoLateRounds(of: "finish") {
            let sequence = ScriptedAsyncSequence<Int>()
            let recorder = Recorder(Observable(elements: sequence))
            defer { recorder.cancel() }
            await sequence.sendFinish()
            return recorder.events != [.finished]
        }
    }

    @Test func theFailureHasReachedAMainActorRecorderWhenSendFailureReturns() async {
        await expectNoLateRounds(of: "failure") {
            let sequence = ScriptedAsyncSequence<Int>()
            let recorder = Recorder(Observable(results: sequence).map { result in
                if case .failure = result { return "failed" }
                return "value"
            })
            defer { recorder.cancel() }
            await sequence.sendFailure(UploadFailed())
            return recorder.events != [.value("failed"), .finished]
        }
    }

    @Test func theFinishHasArrivedWhenSentToAConsumerThatAlreadyWaits() async {
        await expectNoLateRounds(of: "finish") {
            let sequence = ScriptedAsyncSequence<Int>()
            let recorder = Recorder(Observable(elements: sequence))
            defer { recorder.cancel() }
            await sequence.waitUntilConsumerWaits()
            await sequence.sendFinish()
            return recorder.events != [.finished]
        }
    }

    @Test func theDocsUploadExampleSeesTheFinishWhenSendFinishReturns() async {
        await expectNoLateRounds(of: "finish") {
            let progress = ScriptedAsyncSequence<Double>()
            let viewModel = UploadViewModel(upload: { _ in progress })
            let input = UploadViewModel.Input()
            let output = viewModel.transform(input: input)
            let shown = Recorder(output.progress)
            defer { shown.cancel() }

            input.uploadTapped.fire()
            await progress.send(0.5)
            #expect(shown.values == [0.5])
            await progress.sendFinish()
            return shown.events != [.value(0.5), .finished]
        }
    }

    /// Runs `round` `rounds` times while another thread keeps a core busy and expects that no
    /// round saw the `end` late (`round` returns whether its end had not arrived when the send
    /// returned); the failure says in how many rounds it had not.
    private func expectNoLateRounds(
        of end: String, sourceLocation: SourceLocation = #_sourceLocation, round: () async -> Bool
    ) async {
        let busy = BusyCore()
        defer { busy.stop() }
        var late = 0
        for _ in 0..<rounds {
            if await round() { late += 1 }
        }
        #expect(late == 0, "the \(end) had not arrived in \(late) of \(rounds) rounds", sourceLocation: sourceLocation)
    }
}
