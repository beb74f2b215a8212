import Foundation
import SignalsPhotoData
import SignalsPhotoDomain
import Testing

/// Simulated latency and injected failures of the embedded source.
@Suite(.timeLimit(.minutes(1)))
struct EmbeddedSimulationTests {
    @Test func latencyWaitsOnTheInjectedClockBeforeAnswering() async throws {
        let clock = ManualClock()
        let repository = try BundledCatalog.repository().reconfigured(.init(latency: .milliseconds(300), clock: clock))
        let call = Task { try await repository.editorialPhotos(page: 1, perPage: 5) }
        await clock.waitForSleeps(1)
        clock.advance(by: .milliseconds(299))
        clock.advance(by: .milliseconds(1))
        let page = try await call.value
        #expect(page.items.count == 5)
    }

    @Test func cancellingDuringLatencyThrowsCancellationErrorAtOnce() async throws {
        let clock = ManualClock()
        let repository = try BundledCatalog.repository().reconfigured(.init(latency: .seconds(3600), clock: clock))
        let call = Task { try await repository.search(.photos, query: "fox", page: 1, perPage: 5) }
        await clock.waitForSleeps(1)
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test func latencyOnTheRealClockIsCancellableToo() async throws {
        let repository = try BundledCatalog.repository().reconfigured(.init(latency: .seconds(3600)))
        let call = Task { try await repository.photoDetail(id: "anything") }
        call.cancel()
        // The hour-long latency is abandoned; the suite's time limit catches a wait.
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test func anAlreadyCancelledTaskGetsCancellationErrorNotAResult() async throws {
        let repository = try BundledCatalog.repository()
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await repository.editorialPhotos(page: 1, perPage: 5)
        }
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test func failNextFailsExactlyThatManyMatchingCalls() async throws {
        let error = UseCaseError.network(.serverError(code: 503))
        let repository = FailureInjectingRepository(
            base: try BundledCatalog.repository(),
            failures: .failNext(2, with: error, operations: [.editorial, .search])
        )
        let photo = try #require(try await BundledCatalog.repository().editorialPhotos(page: 1, perPage: 1).items.first)
        // Details and images are not in the plan: they never fail and do not use up failures.
        _ = try await repository.photoDetail(id: photo.id)
        _ = try await repository.imageData(from: photo.urls.thumb)
        await #expect(throws: error) { try await repository.editorialPhotos(page: 1, perPage: 5) }
        await #expect(throws: error) { try await repository.search(.users, query: "a", page: 1, perPage: 5) }
        #expect(try await repository.editorialPhotos(page: 1, perPage: 5).items.count == 5)
        #expect(try await repository.search(.users, query: "a", page: 1, perPage: 5).items.count == 5)
    }

    @Test func aSeededFailureRateFailsTheSameCallsOnEveryRun() async throws {
        func outcomes(seed: UInt64, rate: Double) async throws -> [Bool] {
            let repository = FailureInjectingRepository(
                base: try BundledCatalog.repository(),
                failures: .failureRate(rate, seed: seed)
            )
            var outcomes: [Bool] = []
            for page in 1...60 {
                do {
                    _ = try await repository.editorialPhotos(page: page % 5 + 1, perPage: 3)
                    outcomes.append(true)
                } catch let error as UseCaseError {
                    #expect(error == FailureInjection.simulatedError)
                    outcomes.append(false)
                }
            }
            return outcomes
        }
        let first = try await outcomes(seed: 42, rate: 0.3)
        #expect(try await outcomes(seed: 42, rate: 0.3) == first)
        #expect(try await outcomes(seed: 7, rate: 0.3) != first)
        #expect(first.contains(true) && first.contains(false))
        #expect(try await outcomes(seed: 42, rate: 0).allSatisfy { $0 })
        #expect(try await outcomes(seed: 42, rate: 1).allSatisfy { !$0 })
    }

    @Test func injectingFailuresAtRunTimeRestartsThePlan() async throws {
        let repository = FailureInjectingRepository(base: try BundledCatalog.repository())
        #expect(try await repository.editorialPhotos(page: 1, perPage: 1).items.count == 1)
        repository.injectFailures(.failNext(1))
        await #expect(throws: FailureInjection.simulatedError) { try await repository.editorialPhotos(page: 1, perPage: 1) }
        #expect(try await repository.editorialPhotos(page: 1, perPage: 1).items.count == 1)
        repository.injectFailures(.failNext(1))
        repository.injectFailures(.none)
        #expect(try await repository.editorialPhotos(page: 1, perPage: 1).items.count == 1)
    }

    @Test func anEmptyQueryIsRejectedBeforeLatencyOrFailures() async throws {
        let clock = ManualClock()
        let repository = FailureInjectingRepository(
            base: try BundledCatalog.repository().reconfigured(.init(latency: .seconds(3600), clock: clock)),
            failures: .failNext(1)
        )
        // No clock advance: a wait here would run into the suite's time limit.
        await #expect(throws: UseCaseError.emptyQuery) { try await repository.search(.photos, query: "  ", page: 1, perPage: 5) }
        // The rejected call did not use up the planned failure: the next call gets it.
        let call = Task { try await repository.editorialPhotos(page: 1, perPage: 5) }
        await clock.waitForSleeps(1)
        clock.advance(by: .seconds(3600))
        await #expect(throws: FailureInjection.simulatedError) { try await call.value }
    }

    @Test func aPlannedFailureArrivesOnlyAfterTheLatencyLikeARealAnswer() async throws {
        let clock = ManualClock()
        let repository = FailureInjectingRepository(
            base: try BundledCatalog.repository().reconfigured(.init(latency: .milliseconds(300), clock: clock)),
            failures: .failNext(1)
        )
        let call = Task { try await repository.editorialPhotos(page: 1, perPage: 5) }
        await clock.waitForSleeps(1)
        clock.advance(by: .milliseconds(300))
        await #expect(throws: FailureInjection.simulatedError) { try await call.value }
    }

    @Test func cancellingDuringTheLatencyOfAPlannedFailureThrowsCancellationError() async throws {
        let clock = ManualClock()
        let repository = FailureInjectingRepository(
            base: try BundledCatalog.repository().reconfigured(.init(latency: .seconds(3600), clock: clock)),
            failures: .failNext(1)
        )
        let call = Task { try await repository.editorialPhotos(page: 1, perPage: 5) }
        await clock.waitForSleeps(1)
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }
}
