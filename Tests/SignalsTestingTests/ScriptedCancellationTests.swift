import Foundation
import Signals
import SignalsTesting
import Testing

/// When a scripted call reads as cancelled: a call `expectCall()` hands out has its caller
/// waiting inside its cancellation handler, so cancelling the binding marks it at once; and
/// `waitUntilCancelled()` awaits the mark, with a time limit, where it comes later.
@Suite(.timeLimit(.minutes(1)))
struct ScriptedCancellationTests {
    struct ServerDown: Error {}

    /// The old order (the call handed out before its caller entered the handler) read false
    /// about once in 2,000 to 8,000 calls. Each call waits its turn on the cooperative pool, so
    /// on a busy machine the count sets the time: 2,000 in `swift test`, 10,000 in CI's soak
    /// step (`SIGNALS_SOAK=1`), which runs on its own.
    @Test func aCallReadsAsCancelledTheMomentItsBindingIsCancelledIn2000Or10000Calls() async throws {
        let load = ScriptedFunction<Int, Int>()
        let count = soakCount(2_000, soak: 10_000)
        var readsAsCancelled: [Bool] = []
        for number in 1...count {
            let binding = Observable.task { try await load(number) }.bind { _ in }
            let call = try await load.expectCall()
            binding.cancel()
            readsAsCancelled.append(call.isCancelled)
            if !call.isCancelled { break }   // one failure says it all
        }
        #expect(readsAsCancelled == Array(repeating: true, count: count))
        #expect(load.calls.map(\.state) == Array(repeating: .cancelled, count: readsAsCancelled.count))
        load.expectNoPendingCalls()
    }

    @Test func aCallFromATaskOfItsOwnReadsAsCancelledTheMomentTheTaskIsCancelled() async throws {
        let load = ScriptedFunction<Int, Int>()
        let caller = Task { try await load(1) }
        let call = try await load.expectCall()
        caller.cancel()
        #expect(call.isCancelled)
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(load.calls.map(\.state) == [.cancelled])
    }

    @Test func waitUntilCancelledReturnsOnceTheCallerIsCancelled() async throws {
        let load = ScriptedFunction<Int, Int>()
        let binding = Observable.task { try await load(1) }.bind { _ in }
        let call = try await load.expectCall()
        let canceller = Task {
            await Task.yield()
            binding.cancel()
        }
        await call.waitUntilCancelled()
        #expect(call.state == .cancelled)
        await canceller.value
    }

    @Test func waitUntilCancelledFailsByNameWhenTheCallIsNotCancelledInTime() async throws {
        let load = ScriptedFunction<Int, Int>()
        let caller = Task { try await load(7) }
        let call = try await load.expectCall()
        await withKnownIssue {
            await call.waitUntilCancelled(timeout: .milliseconds(20))
        } matching: { issue in
            String(describing: issue).contains("call 1(7): pending was not cancelled within")
        }
        await call.fail(with: ServerDown())
        await #expect(throws: ServerDown.self) { try await caller.value }
    }

    @Test func waitUntilCancelledFailsAtOnceForACallAnsweredBeforeItsCancel() async throws {
        let load = ScriptedFunction<Int, Int>()
        let caller = Task { try await load(3) }
        let call = try await load.expectCall()
        await call.succeed(with: 30)
        await withKnownIssue {
            await call.waitUntilCancelled()
        } matching: { issue in
            String(describing: issue).contains("call 1(3): answered can no longer be cancelled")
        }
        #expect(try await caller.value == 30)
    }

    @Test func aSequenceCallReadsAsCancelledOnceWaitUntilCancelledReturnsIn2000Calls() async throws {
        let updates = ScriptedSequenceFunction<Int, Int>()
        var states: [String] = []
        for number in 1...2_000 {
            let binding = Observable(results: updates(number)).bind { _ in }
            let call = try await updates.expectCall()
            binding.cancel()
            await call.waitUntilCancelled()
            states.append(call.description)
            if !call.isCancelled { break }
        }
        #expect(states == (1...2_000).map { "call \($0)(\($0)): cancelled" })
    }

    @Test func aSequenceCallWhoseConsumerWaitsReadsAsCancelledTheMomentItsBindingIsCancelled() async throws {
        let updates = ScriptedSequenceFunction<Int, Int>()
        var readsAsCancelled: [Bool] = []
        for number in 1...2_000 {
            let binding = Observable(results: updates(number)).bind { _ in }
            let call = try await updates.expectCall()
            await call.waitUntilConsumerWaits()
            binding.cancel()
            readsAsCancelled.append(call.isCancelled)
            if !call.isCancelled { break }
        }
        #expect(readsAsCancelled == Array(repeating: true, count: 2_000))
    }

    @Test func waitUntilCancelledOnASequenceFailsByNameWhenTheConsumerIsNotCancelledInTime() async throws {
        let updates = ScriptedSequenceFunction<Int, Int>()
        let binding = Observable(results: updates(5)).bind { _ in }
        let call = try await updates.expectCall()
        await withKnownIssue {
            await call.waitUntilCancelled(timeout: .milliseconds(20))
        } matching: { issue in
            String(describing: issue).contains("The consumer of the scripted sequence was not cancelled within")
        }
        binding.cancel()
        await call.waitUntilCancelled()
        #expect(call.isCancelled)
    }
}

/// `normal`, or `soak` where the test runs in CI's soak step (`SIGNALS_SOAK=1`).
func soakCount(_ normal: Int, soak: Int) -> Int {
    ProcessInfo.processInfo.environment["SIGNALS_SOAK"] == "1" ? soak : normal
}
