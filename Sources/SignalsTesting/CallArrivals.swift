import Signals

/// The tests waiting in a scripted double's `expectCall` for its next call:
/// ``expectNext(within:of:at:recordedCount:)`` suspends them until ``wakeAll()`` (a call
/// arrived) or their deadline. It shares its owner's lock, so a waiter checks for a call and
/// parks in one step, and no arrival slips between.
final class CallArrivals: @unchecked Sendable {
    // Lock holder: `claimedCount` and `waiters` are guarded by `lock`, the owner's lock.
    private let lock: Locked<Void>
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// How many calls ``expectNext(within:of:at:recordedCount:)`` has handed out; read and set
    /// under the lock.
    var claimedCount = 0

    /// Creates the arrivals of a double whose calls `lock` guards.
    init(lock: Locked<Void>) {
        self.lock = lock
    }

    /// Claims the next call not yet handed out within `timeout` and returns its index; fails
    /// the test at `site` and throws ``ScriptedFunctionError/noCall(timeout:)`` if none comes.
    /// `double` names the double in the failure; `recordedCount` (run under the lock) is how
    /// many calls the owner has recorded.
    func expectNext(
        within timeout: Duration, of double: String, at site: CallSite, recordedCount: @Sendable () -> Int
    ) async throws -> Int {
        guard let claimed = await next(until: ContinuousClock.now + timeout, recordedCount: recordedCount) else {
            let message = "Expected a call to the \(double) within \(timeout); none came "
                + "(\(Timeline.count(lock.withLock(recordedCount), "call")) so far, all already expected)."
            recordTestFailure(message, at: site)
            throw ScriptedFunctionError.noCall(timeout: timeout)
        }
        return claimed
    }

    /// Claims the next call not yet handed out and returns its index, waiting for arrivals in
    /// between; nil once `deadline` passes with none. `recordedCount` (run under the lock) is
    /// how many calls the owner has recorded.
    private func next(until deadline: ContinuousClock.Instant, recordedCount: @Sendable () -> Int) async -> Int? {
        while true {
            let claimed = lock.withLock { () -> Int? in
                guard claimedCount < recordedCount() else { return nil }
                claimedCount += 1
                return claimedCount - 1
            }
            if let claimed { return claimed }
            guard ContinuousClock.now < deadline else { return nil }
            await wait(until: deadline, recordedCount: recordedCount)
        }
    }

    /// Wakes every waiter: a call arrived.
    func wakeAll() {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            defer { self.waiters = [] }
            return self.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until a call arrives or `deadline` passes.
    private func wait(until deadline: ContinuousClock.Instant, recordedCount: @Sendable () -> Int) async {
        let watchdog = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.wakeAll()
        }
        defer { watchdog.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lock.withLock { () -> Bool in
                if claimedCount < recordedCount() { return true }
                waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
