import Signals
import SignalsTesting
import Testing

private struct UploadFailed: Error, CustomStringConvertible {
    var description: String { "upload failed" }
}

/// A view model's upload pipeline: each file tapped starts a new upload whose progress is
/// shown; a new file cancels the upload in flight.
@MainActor private func uploads(
    of files: Subject<String>,
    upload: @escaping @Sendable (String) -> ScriptedAsyncSequence<Double>
) -> Observable<String> {
    files.flatMapLatest { file in
        Observable(results: upload(file)).map { result in
            switch result {
            case .success(let progress): "\(file) \(progress)"
            case .failure(let error): "\(file) \(error)"
            }
        }
    }
}

@MainActor @Suite(.timeLimit(.minutes(1)))
struct ScriptedSequenceFunctionTests {
    @Test func eachCallIsExpectedWithItsInputAndScriptedThroughItsOwnSequence() async throws {
        let upload = ScriptedSequenceFunction<String, Double>()
        let files = Subject<String>()
        let shown = Recorder(uploads(of: files, upload: upload.function))

        files.send("a.jpg")
        let call = try await upload.expectCall()
        #expect(call.input == "a.jpg")
        #expect(call.number == 1)
        await call.send(0.5)
        #expect(shown.values == ["a.jpg 0.5"])
        await call.send(1)
        await call.sendFinish()
        #expect(shown.values == ["a.jpg 0.5", "a.jpg 1.0"])
        #expect(call.hasEnded)
        #expect(upload.inputs == ["a.jpg"])
        shown.cancel()
    }

    @Test func aFailureSentIntoACallReachesTheConsumerWhenSendFailureReturns() async throws {
        let upload = ScriptedSequenceFunction<String, Double>()
        let shown = Recorder(Observable(results: upload("b.jpg")).map { result -> String in
            if case .failure(let error) = result { return "\(error)" }
            return "progress"
        })
        let call = try await upload.expectCall()
        await call.sendFailure(UploadFailed())
        #expect(shown.events == [.value("upload failed"), .finished])
    }

    @Test func aNewCallCancelsTheConsumerOfTheOneBefore() async throws {
        let upload = ScriptedSequenceFunction<String, Double>()
        let files = Subject<String>()
        let shown = Recorder(uploads(of: files, upload: upload.function))

        files.send("a.jpg")
        let first = try await upload.expectCall()
        await first.send(0.25)
        files.send("b.jpg")
        let second = try await upload.expectCall()
        await first.waitUntilConsumerWaits()
        #expect(first.isCancelled)
        #expect(!second.isCancelled)
        await second.send(0.75)
        #expect(shown.values == ["a.jpg 0.25", "b.jpg 0.75"])
        #expect(upload.calls.map(\.description) == ["call 1(a.jpg): cancelled", "call 2(b.jpg): waiting"])
        shown.cancel()
    }

    @Test func aCallThatNeverComesFailsExpectCallAfterItsTimeout() async {
        let upload = ScriptedSequenceFunction<String, Double>()
        await withKnownIssue {
            do {
                _ = try await upload.expectCall(timeout: .milliseconds(20))
                Issue.record("expectCall should have thrown")
            } catch {
                #expect(error as? ScriptedFunctionError == .noCall(timeout: .milliseconds(20)))
            }
        } matching: { issue in
            String(describing: issue).contains("Expected a call to the scripted sequence function")
        }
    }
}

@Suite(.timeLimit(.minutes(1)))
struct RecorderWaitingTests {
    @Test func waitForValuesReturnsOnceAValueSentByAnotherTaskArrives() async {
        let numbers = Subject<Int>()
        let recorder = Recorder(numbers)
        let sender = Task {
            numbers.send(1)
            numbers.send(2)
        }
        let values = await recorder.waitForValues(count: 2)
        #expect(values == [1, 2])
        await sender.value
    }

    @Test func waitForValuesReturnsAtOnceWhenTheValuesAreAlreadyThere() async {
        let recorder = Recorder(Property(7))
        #expect(await recorder.waitForValues(count: 1) == [7])
    }

    @Test func waitForNextValueReturnsTheFirstValueAfterTheCall() async {
        let numbers = Property(1)
        let recorder = Recorder(numbers)
        let sender = Task { numbers.value = 2 }
        #expect(await recorder.waitForNextValue() == 2)
        await sender.value
    }

    @Test func aStreamThatFinishesShortFailsTheWaitAtOnce() async {
        let numbers = Subject<Int>()
        let recorder = Recorder(numbers)
        numbers.send(1)
        numbers.finish()
        await withKnownIssue {
            _ = await recorder.waitForValues(count: 2, timeout: .seconds(30))
        } matching: { issue in
            String(describing: issue).contains("it has 1 and the stream finished")
        }
    }

    @Test func aValueThatNeverComesFailsTheWaitAfterTheTimeout() async {
        let recorder = Recorder(Subject<Int>())
        await withKnownIssue {
            #expect(await recorder.waitForNextValue(timeout: .milliseconds(20)) == nil)
        } matching: { issue in
            String(describing: issue).contains("none more came within")
        }
    }
}
