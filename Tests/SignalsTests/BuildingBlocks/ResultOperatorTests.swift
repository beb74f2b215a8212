import Signals
import SignalsTesting
import Testing

struct Failure: Error, Equatable, CustomStringConvertible {
    let code: Int
    var description: String { "E\(code)" }
}

/// "v" for a success, "E<code>" for a failure.
func describe(_ result: Result<Int, Failure>) -> String {
    switch result {
    case .success(let value): "\(value)"
    case .failure(let error): "\(error)"
    }
}

@Suite(.deadlockWatchdog) struct ResultOperatorTests {
    @Test func successesAndFailuresSplitTheStream() {
        let results = Subject<Result<Int, Failure>>()
        let successes = Recorder(results.successes())
        let failures = Recorder(results.failures().map(\.code))
        results.send(.success(1))
        results.send(.failure(Failure(code: 7)))
        results.send(.success(2))
        results.finish()
        #expect(successes.events == [.value(1), .value(2), .finished])
        #expect(failures.events == [.value(7), .finished])
    }

    @Test func replaceFailureKeepsTheStreamGoing() {
        let results = Subject<Result<Int, Failure>>()
        let recorder = Recorder(results.replaceFailure(with: -1))
        results.send(.failure(Failure(code: 1)))
        results.send(.success(5))
        results.send(.failure(Failure(code: 2)))
        results.finish()
        #expect(recorder.events == [.value(-1), .value(5), .value(-1), .finished])
    }

    @Test func catchFailureMergesEachReplacementWithLaterSuccesses() {
        let scheduler = TestScheduler()
        let results = Subject<Result<Int, Failure>>()
        let recorder = Recorder(
            results.catchFailure { error in
                Observable.sequence([error.code * 10, error.code * 10 + 1]).delay(for: .milliseconds(100), scheduler: scheduler)
            }.map(String.init),
            scheduler: scheduler
        )
        results.send(.success(1))
        results.send(.failure(Failure(code: 5)))
        scheduler.advance(by: .milliseconds(50))
        results.send(.success(2))
        results.finish()
        #expect(stamped(recorder) == ["0ms 1", "50ms 2"])
        scheduler.run()
        #expect(stamped(recorder) == ["0ms 1", "50ms 2", "100ms 50", "100ms 51", "100ms |"])
    }

    @Test func trackFailuresSendsErrorsAsideAndDeliversSuccesses() {
        let errors = Subject<Failure>()
        let reported = Recorder(errors.map(\.code))
        let results = Subject<Result<Int, Failure>>()
        let recorder = Recorder(results.trackFailures(into: errors))
        results.send(.success(1))
        results.send(.failure(Failure(code: 3)))
        results.send(.success(2))
        results.finish()
        #expect(recorder.events == [.value(1), .value(2), .finished])
        #expect(reported.events == [.value(3)])
    }

    @Test func trackFailuresWorksWithAnyErrorFromTasks() {
        let errors = Subject<any Error>()
        let reported = Recorder(errors.map { "\($0)" })
        let results = Subject<Result<Int, any Error>>()
        let recorder = Recorder(results.trackFailures(into: errors))
        results.send(.failure(Failure(code: 4)))
        results.send(.success(9))
        #expect(recorder.events == [.value(9)])
        #expect(reported.events == [.value("E4")])
    }
}
