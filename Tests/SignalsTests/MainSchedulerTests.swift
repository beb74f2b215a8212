import Dispatch
import Signals
import SignalsTesting
import Testing

/// A flag set from `@Sendable` actions.
private final class Flags: @unchecked Sendable {
    // Lock holder: `log` is guarded by `lock`.
    private let lock = DispatchQueue(label: "flags")
    private var log: [String] = []
    func append(_ line: String) { lock.sync { log.append(line) } }
    var lines: [String] { lock.sync { log } }
}

/// `MainScheduler` counts the hops waiting on the main queue over the whole process (a call on
/// main runs inline only when none is waiting), so the suites that use it run one test at a
/// time, each waiting for its own hops (under a time limit: a hop that never comes fails the
/// test instead of hanging the suite).
@Suite(.deadlockWatchdog, .serialized) struct MainQueueDeliveryTests {}

extension MainQueueDeliveryTests {
    @Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct MainSchedulerTests {
        @MainActor @Test func onMainTheActionRunsInline() {
            let flags = Flags()
            MainScheduler.instance.schedule { flags.append("ran") }
            flags.append("returned")
            #expect(flags.lines == ["ran", "returned"])
        }

        @MainActor @Test func theAlwaysAsynchronousMainSchedulerDoesNotRunInline() async {
            let flags = Flags()
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueueScheduler.main.schedule {
                    flags.append("ran")
                    done.resume()
                }
                flags.append("returned")
            }
            #expect(flags.lines == ["returned", "ran"])
        }

        @Test func offMainTheActionHopsToTheMainQueue() async {
            let flags = Flags()
            await Task.detached {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    #expect(!MainScheduler.isOnMainQueue)
                    MainScheduler.instance.schedule {
                        flags.append(MainScheduler.isOnMainQueue ? "ran on main" : "ran off main")
                        done.resume()
                    }
                    flags.append("returned")
                }
            }.value
            #expect(flags.lines.sorted() == ["ran on main", "returned"])
        }

        @MainActor @Test func anActionScheduledFromAnInlineOneWaitsItsTurn() async {
            let flags = Flags()
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                MainScheduler.instance.schedule {
                    flags.append("outer")
                    MainScheduler.instance.schedule {
                        flags.append("inner")
                        done.resume()
                    }
                    flags.append("outer ends")
                }
            }
            #expect(flags.lines == ["outer", "outer ends", "inner"])
        }

        @MainActor @Test func receiveOnMainInlineDeliversSynchronouslyOnMain() {
            let subject = Subject<Int>()
            let recorder = Recorder(subject.receive(on: .mainInline))
            subject.send(1)
            subject.send(2)
            subject.finish()
            #expect(recorder.events == [.value(1), .value(2), .finished])
        }

        @MainActor @Test func aCancelledHopDoesNotRun() async {
            let flags = Flags()
            // Main is held while another thread schedules and cancels, so the hop's turn comes
            // after the cancel: a block on the main queue waits for that thread. The wait is in
            // that synchronous block, not in this async test (Apple's Dispatch marks a
            // semaphore's wait `noasync`), and bounded, so a hang fails the test.
            let heldUntilCancelled = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                DispatchQueue.main.async {
                    let scheduled = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {
                        let token = MainScheduler.instance.scheduleCancellable { flags.append("ran") }
                        token.cancel()
                        scheduled.signal()
                    }
                    let cancelled = scheduled.wait(timeout: .now() + 30) == .success
                    DispatchQueue.main.async { done.resume(returning: cancelled) }   // after the cancelled hop's turn
                }
            }
            #expect(heldUntilCancelled)
            #expect(flags.lines == [])
        }
}

}

extension MainQueueDeliveryTests {
    @Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct DriverTests {
        private struct Offline: Error {}

        @MainActor @Test func aDriverDeliversOnMainAtOnceAndReplaysTheLatestValue() {
            let title = Subject<String>()
            let output = title.asDriver()
            let first = Recorder(output)
            title.send("Inbox")
            title.send("Inbox (2)")
            let late = Recorder(output)
            #expect(first.values == ["Inbox", "Inbox (2)"])
            #expect(late.values == ["Inbox (2)"])
        }

        @MainActor @Test func failuresAreReplacedByTheGivenValue() {
            let results = Subject<Result<[Int], any Error>>()
            let recorder = Recorder(results.asDriver(onFailureJustReturn: []))
            results.send(.success([1, 2]))
            results.send(.failure(Offline()))
            results.send(.success([3]))
            #expect(recorder.values == [[1, 2], [], [3]])
        }

        @MainActor @Test func failuresCanBeDropped() {
            let results = Subject<Result<Int, any Error>>()
            let recorder = Recorder(results.asDriverDroppingFailures())
            results.send(.success(1))
            results.send(.failure(Offline()))
            results.send(.success(2))
            #expect(recorder.values == [1, 2])
        }

        @MainActor @Test func aValueSentOffMainReachesTheUIOnMain() async {
            let count = Subject<Int>()
            let seen = Flags()
            let token = count.asDriver().bind { value in
                seen.append("\(value) \(MainScheduler.isOnMainQueue ? "on main" : "off main")")
            }
            await Task.detached { count.send(7) }.value
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async { done.resume() }   // after the hop's turn
            }
            #expect(seen.lines == ["7 on main"])
            token.cancel()
        }
}
}
