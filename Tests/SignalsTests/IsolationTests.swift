import Dispatch
import Signals
import SignalsTesting
import Testing

/// Marks the main dispatch queue (the main actor's executor) for these tests, so a handler
/// can record whether main ran it without trapping. (`Thread.isMainThread` is no clue on
/// Linux: a worker thread drains the main queue during `swift test`.)
private let mainQueueMarker: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

private func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueMarker) != nil
}

/// Values from another thread, yielded into an `AsyncStream` by a background queue.
private func backgroundStream(_ values: [Int]) -> AsyncStream<Int> {
    AsyncStream { continuation in
        DispatchQueue.global().async {
            for value in values { continuation.yield(value) }
            continuation.finish()
        }
    }
}

/// A handler bound from main-actor code never runs off the main actor silently.
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct IsolationTests {
    @MainActor @Test func taskBuiltOnTheMainActorDeliversItsResultOnTheMainActor() async {
        let stream = Observable.task { () async -> Int in
            // Runs off the main actor.
            isOnMainQueue() ? -1 : 42
        }
        guard case let (value, onMain)? = await awaitBounded("the task's result", { done in
            var token: Cancellable?
            // `isolation: nil` skips the debug check, so this test records instead of trapping.
            token = stream.bind(isolation: nil) { value in
                done((value, isOnMainQueue()))
                withExtendedLifetime(token) {}
                token = nil  // the handler holds its own token: release it, or the two leak
            }
        }) else { return }
        #expect(value == 42)
        #expect(onMain)
    }

    @MainActor @Test func throwingTaskBuiltOnTheMainActorDeliversItsResultOnTheMainActor() async {
        struct Failure: Error {}
        let stream = Observable.task { () async throws -> Int in throw Failure() }
        guard case let (isFailure, onMain)? = await awaitBounded("the task's result", { done in
            var token: Cancellable?
            token = stream.bind(isolation: nil) { result in
                if case .failure = result {
                    done((true, isOnMainQueue()))
                } else {
                    done((false, isOnMainQueue()))
                }
                withExtendedLifetime(token) {}
                token = nil  // the handler holds its own token: release it, or the two leak
            }
        }) else { return }
        #expect(isFailure)
        #expect(onMain)
    }

    @MainActor @Test func asyncSequenceBuiltOnTheMainActorDeliversEveryValueOnTheMainActorInOrder() async {
        let stream = Observable(backgroundStream(Array(1...50)))
        guard case let (values, allOnMain)? = await awaitBounded("the sequence's end", { done in
            var received: [Int] = []
            var allOnMain = true
            var token: Cancellable?
            token = stream.bind(isolation: nil, onValue: { value in
                received.append(value)
                allOnMain = allOnMain && isOnMainQueue()
            }, onFinish: {
                done((received, allOnMain))
                withExtendedLifetime(token) {}
                token = nil  // the handler holds its own token: release it, or the two leak
            })
        }) else { return }
        #expect(values == Array(1...50))
        #expect(allOnMain)
    }

    @Test func taskBuiltFromNonisolatedCodeDeliversWithoutHoppingToMain() async {
        let stream = Observable.task { () async -> Int in 7 }
        guard case let (value, onMain)? = await awaitBounded("the task's result", { done in
            var token: Cancellable?
            token = stream.bind { value in
                done((value, isOnMainQueue()))
                withExtendedLifetime(token) {}
                token = nil  // the handler holds its own token: release it, or the two leak
            }
        }) else { return }
        #expect(value == 7)
        #expect(!onMain)
    }

    @MainActor @Test func checkedHandlerAcceptsValuesSentFromBackgroundThreadsAndDeliveredOnMain() async {
        // Bound on the main actor with the debug check on; every value is sent from a
        // background thread and moved to main by `receive(on: .main)`: no trap, all in order.
        let subject = Subject<Int>()
        var received: [Int] = []
        var token: Cancellable?
        let finished: Void? = await awaitBounded("the finish on main") { done in
            token = subject.receive(on: .main).bind(onValue: { value in
                received.append(value)
            }, onFinish: {
                done(())
            })
            DispatchQueue.global().async {
                for value in 1...20 { subject.send(value) }
                subject.finish()
            }
        }
        guard finished != nil else { return }
        withExtendedLifetime(token) {}
        #expect(received == Array(1...20))
    }

    #if DEBUG
    @Test(.linuxOnly, .notUnderThreadSanitizer) func mainActorHandlerCalledFromABackgroundThreadTrapsNamingTheBinding() async {
        let result = await withBlockingReadsOffThePool {
            await #expect(
                processExitsWith: .failure,
                observing: [\.standardErrorContent]
            ) {
                let subject = Subject<Int>()
                let token = await MainActor.run {
                    subject.bind { _ in }  // IsolationTests.swift: the binding named in the report
                }
                // This exit test's body runs on the cooperative pool, not the main actor.
                subject.send(1)
                withExtendedLifetime(token) {}
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("a handler bound on the main actor at SignalsTests/IsolationTests.swift:"))
        #expect(standardError.contains("was called off the main actor"))
    }

    @Test(.linuxOnly, .notUnderThreadSanitizer) func aTestSchedulerAdvancedOffTheMainActorIsNamedAsTheCauseNotTheHandler() async {
        let result = await withBlockingReadsOffThePool {
            await #expect(
                processExitsWith: .failure,
                observing: [\.standardErrorContent]
            ) {
                let scheduler = TestScheduler()
                let subject = Subject<Int>()
                let token = await MainActor.run {
                    subject.receive(on: scheduler).bind { _ in }
                }
                subject.send(1)
                // This exit test's body runs on the cooperative pool, not the main actor.
                scheduler.advance()
                withExtendedLifetime(token) {}
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("a handler bound on the main actor at SignalsTests/IsolationTests.swift:"))
        #expect(standardError.contains("by a hop in a test tool, not by the code that bound it"))
        #expect(standardError.contains("`TestScheduler.advance`/`run()` runs scheduled work"))
        #expect(standardError.contains("make the test `@MainActor`"))
    }

    @Test func theReportOfAnUnnamedHopSaysWhereValuesCanComeFromAndHowToMoveThem() {
        let report = offMainActorReport(file: "App/Screen.swift", line: 12, tool: nil)
        #expect(report == "Signals: a handler bound on the main actor at App/Screen.swift:12 was called off "
            + "the main actor: a value reached it from another thread or actor. Deliver on main with "
            + "`receive(on: .main)`, build the source on the main actor (`Observable.task`, the "
            + "AsyncSequence bridge), and advance a `TestScheduler` from the main actor.\n")
    }

    @Test(.linuxOnly, .notUnderThreadSanitizer) func mainActorHandlerOfBindWithCalledFromABackgroundThreadTraps() async {
        await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .failure) {
                final class Owner: Sendable {}
                let subject = Subject<Int>()
                let owner = Owner()
                let token = await MainActor.run {
                    subject.bind(with: owner) { _, _ in }
                }
                subject.send(1)
                withExtendedLifetime(token) {}
            }
        }
    }

    @Test(.linuxOnly, .notUnderThreadSanitizer) func handlerBoundFromNonisolatedCodeMayRunOnAnyThread() async {
        // Not bound on the main actor: no check, delivered on the sending thread as always.
        await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .success) {
                let subject = Subject<Int>()
                let token = subject.bind { _ in }
                subject.send(1)
                withExtendedLifetime(token) {}
            }
        }
    }
    #endif
}
