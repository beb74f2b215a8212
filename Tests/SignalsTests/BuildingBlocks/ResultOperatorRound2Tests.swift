import Signals
import SignalsTesting
import Testing

private enum AuthError: Error, Equatable { case expired }
private enum PhotoError: Error, Equatable { case notFound, unknown }

@Suite(.deadlockWatchdog) struct TrackFailuresIntoAnyErrorTests {
    @Test func failuresOfDifferentTypedErrorsReachOneSubject() {
        let errors = Subject<any Error>()
        let messages = Recorder(errors.map { "\($0)" })
        let photos = Subject<Result<Int, PhotoError>>()
        let user = Subject<Result<String, AuthError>>()
        let photoValues = Recorder(photos.trackFailures(into: errors))
        let userValues = Recorder(user.trackFailures(into: errors))
        photos.send(.success(1))
        photos.send(.failure(.notFound))
        user.send(.failure(.expired))
        user.send(.success("ada"))
        #expect(photoValues.values == [1])
        #expect(userValues.values == ["ada"])
        #expect(messages.values == ["notFound", "expired"])
    }

    @Test func aStreamOfAnyErrorStillTracksIntoASubjectOfAnyError() {
        let errors = Subject<any Error>()
        let count = Recorder(errors.map { _ in 1 })
        let results = Subject<Result<Int, any Error>>()
        let values = Recorder(results.trackFailures(into: errors))
        results.send(.failure(PhotoError.unknown))
        results.send(.success(2))
        #expect(values.values == [2])
        #expect(count.values == [1])
    }
}

@Suite(.deadlockWatchdog) struct MapFailureTests {
    @Test func mapsEachFailureAndKeepsTheSuccesses() {
        let results = Subject<Result<Int, any Error>>()
        let typed: Observable<Result<Int, PhotoError>> = results.mapFailure { ($0 as? PhotoError) ?? .unknown }
        let recorder = Recorder(typed)
        results.send(.success(1))
        results.send(.failure(PhotoError.notFound))
        results.send(.failure(AuthError.expired))
        results.finish()
        #expect(recorder.events == [
            .value(.success(1)), .value(.failure(.notFound)), .value(.failure(.unknown)), .finished
        ])
    }
}
