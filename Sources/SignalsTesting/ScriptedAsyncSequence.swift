import Signals

/// A test double for an `AsyncSequence` dependency (upload progress, a live feed, a socket):
/// the test scripts its elements, its finish or its failure, and awaits the moment the consumer
/// has taken everything and waits for more, without polling.
///
/// ```swift
/// let progress = ScriptedAsyncSequence<Double>()
/// let viewModel = UploadViewModel(upload: { _ in progress })   // takes some AsyncSequence
/// timeline.recordAll(of: viewModel.transform(input: input))
///
/// input.uploadTapped.fire()
/// await progress.send(0.5)     // returns once the view model took 0.5 and asks for more
/// timeline.expect { ("progress", 0.5) }
/// await progress.sendFinish()  // returns once the view model's stream has finished
/// ```
///
/// - ``yield(_:)``, ``finish()`` and ``finish(throwing:)`` script without waiting: elements
///   are buffered, in order, until the consumer asks for them; the end comes after them.
/// - ``send(_:timeout:fileID:filePath:line:column:)`` scripts an element and returns once
///   the consumer has taken it and asks for the next one (it has handled this one): the
///   outputs of that element can be asserted at once. ``sendFinish(timeout:fileID:filePath:line:column:)``
///   and ``sendFailure(_:timeout:fileID:filePath:line:column:)`` script the end and return once
///   the consumer has taken it and, through a Signals bridge, delivered it (see below).
/// - ``waitUntilConsumerWaits(timeout:fileID:filePath:line:column:)`` returns once the
///   consumer waits in `next()` with nothing scripted (or has taken the end, or was
///   cancelled); a consumer that never comes fails the test after `timeout` of real time (a
///   bound for a broken test, not a timing).
/// - A consumer whose task is cancelled while it waits gets `nil` (as from `AsyncStream`);
///   ``isCancelled`` then says so.
///
/// Consumed by a Signals bridge (`Observable(elements:)`, `Observable(results:)`,
/// `Observable(_:)`), the end counts as taken once the bridge has *delivered* it: its
/// `.failure` and its finish have run through the stream's operators and handlers, on the
/// bridge's actor (a `@MainActor` view model's), when ``sendFinish(timeout:fileID:filePath:line:column:)``
/// or ``sendFailure(_:timeout:fileID:filePath:line:column:)`` returns, from any actor — the
/// same handshake as an element's. Any other consumer (a hand-written `for await` loop) has
/// received the end by then; what its loop does after the end runs in its own task.
///
/// It takes no scheduler, unlike ``ScriptedFunction``: the waiting methods return once the
/// consumer has handled what was sent, without running a `TestScheduler`'s work; advance the
/// scheduler yourself after they return when the consumer's outputs go through it
/// (`receive(on: scheduler)`, `debounce`).
///
/// One consumer at a time: every iterator reads the same script.
public final class ScriptedAsyncSequence<Element: Sendable>: AsyncSequence, @unchecked Sendable {
    // Lock holder: `state` is guarded by `lock`.
    private enum Entry {
        case element(Element)
        case finished
        case failed(any Error)
    }

    private struct State {
        var script: [Entry] = []
        var consumer: CheckedContinuation<Entry?, Never>?
        var waiters: [CheckedContinuation<Void, Never>] = []
        var requests = 0
        /// The end was handed to the consumer (later requests get `nil`).
        var isEndDispatched = false
        /// The consumer is done with the end: a Signals bridge has delivered it downstream,
        /// any other consumer has received it.
        var hasTakenEnd = false
        var isCancelled = false
        /// Tests in `waitUntilCancelled`, woken when the consumer is cancelled or has taken the end.
        var cancelWaiters: [CheckedContinuation<Void, Never>] = []

        /// The consumer has nothing more to take now: it waits, or it is done.
        var isSettled: Bool { consumer != nil || hasTakenEnd || isCancelled }

        mutating func takeWaitersIfSettled() -> [CheckedContinuation<Void, Never>] {
            guard isSettled else { return [] }
            defer { waiters = [] }
            return waiters
        }

        mutating func takeCancelWaiters() -> [CheckedContinuation<Void, Never>] {
            defer { cancelWaiters = [] }
            return cancelWaiters
        }
    }

    private let lock = Locked()
    private var state = State()

    /// How long the waiting methods wait, by default, for a consumer that does not come: 30 s,
    /// so that a consumer on a busy actor of a loaded CI machine (a sanitizer run of a whole
    /// suite on two cores) is not mistaken for one that never comes. A passing test never
    /// waits this long.
    public static var defaultTimeout: Duration { .seconds(30) }

    /// Creates a sequence with nothing scripted.
    public init() {}

    // MARK: Scripting

    /// Scripts `element`: the consumer's next request gets it (after what is scripted before).
    public func yield(_ element: Element) {
        enqueue(.element(element))
    }

    /// Scripts the end: the consumer gets `nil` after the scripted elements.
    public func finish() {
        enqueue(.finished)
    }

    /// Scripts a failure: the consumer's `next()` throws `error` after the scripted elements.
    public func finish(throwing error: any Error) {
        enqueue(.failed(error))
    }

    /// Scripts `element` and returns once the consumer has taken it and asks for the next
    /// (or ended, or was cancelled).
    public func send(
        _ element: Element,
        timeout: Duration = ScriptedAsyncSequence.defaultTimeout,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        yield(element)
        await waitUntilConsumerWaits(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Scripts the end and returns once the consumer has taken it; a Signals bridge has then
    /// delivered the finish downstream, on its actor.
    public func sendFinish(
        timeout: Duration = ScriptedAsyncSequence.defaultTimeout,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        finish()
        await waitUntilConsumerWaits(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Scripts a failure and returns once the consumer has taken it; a Signals bridge has then
    /// delivered the `.failure` (or its `onFailure`) and the finish downstream, on its actor.
    public func sendFailure(
        _ error: any Error,
        timeout: Duration = ScriptedAsyncSequence.defaultTimeout,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        finish(throwing: error)
        await waitUntilConsumerWaits(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // MARK: Reading

    /// Whether the consumer waits in `next()` now, with nothing scripted.
    public var isConsumerWaiting: Bool { lock.withLock { state.consumer != nil } }

    /// How many times the consumer has called `next()`.
    public var requestCount: Int { lock.withLock { state.requests } }

    /// Whether the consumer has taken the scripted end (the finish or the failure); through a
    /// Signals bridge, whether the bridge has delivered it.
    public var hasEnded: Bool { lock.withLock { state.hasTakenEnd } }

    /// Whether the consumer's task was cancelled while it waited for an element.
    ///
    /// The sequence sees a cancel only in the consumer's `next()`: while the consumer waits
    /// there (after ``waitUntilConsumerWaits(timeout:fileID:filePath:line:column:)`` or
    /// ``send(_:timeout:fileID:filePath:line:column:)`` returned), this reads true as soon as
    /// the cancel has returned. A consumer cancelled while it is elsewhere (it has not asked
    /// for its first element yet, or it is handling one) reads as cancelled when it next calls
    /// `next()`, as a Signals bridge does at once: await that with
    /// ``waitUntilCancelled(timeout:fileID:filePath:line:column:)``. A consumer that never
    /// calls `next()` again never reads as cancelled.
    public var isCancelled: Bool { lock.withLock { state.isCancelled } }

    /// Returns once the consumer's task has been cancelled in `next()` (see ``isCancelled``);
    /// fails the test at the caller's line if that does not happen within `timeout` of real
    /// time (a bound for a broken test), or at once if the consumer has taken the end.
    ///
    /// ```swift
    /// token.cancel()
    /// await progress.waitUntilCancelled()
    /// #expect(progress.isCancelled)
    /// ```
    public func waitUntilCancelled(
        timeout: Duration = ScriptedAsyncSequence.defaultTimeout,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let timedOut = Locked(false)
        let watchdog = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled, let self else { return }
            timedOut.withLock { $0 = true }
            let waiters = self.lock.withLock { self.state.takeCancelWaiters() }
            for waiter in waiters { waiter.resume() }
        }
        defer { watchdog.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let settled = lock.withLock { () -> Bool in
                if state.isCancelled || state.hasTakenEnd { return true }
                state.cancelWaiters.append(continuation)
                return false
            }
            if settled { continuation.resume() }
        }
        let (isCancelled, hasTakenEnd) = lock.withLock { (state.isCancelled, state.hasTakenEnd) }
        if isCancelled { return }
        let message = hasTakenEnd
            ? "The consumer of the scripted sequence can no longer be cancelled: it has taken the end."
            : "The consumer of the scripted sequence was not cancelled within \(timeout) "
                + "(\(requestCount) requests so far)."
        if hasTakenEnd || timedOut.withLock({ $0 }) {
            recordTestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Returns once the consumer waits in `next()` with nothing scripted, has taken the end,
    /// or was cancelled; fails the test if that does not happen within `timeout` of real time.
    public func waitUntilConsumerWaits(
        timeout: Duration = ScriptedAsyncSequence.defaultTimeout,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let timedOut = Locked(false)
        let watchdog = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled, let self else { return }
            timedOut.withLock { $0 = true }
            self.wakeAllWaiters()
        }
        defer { watchdog.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let settled = lock.withLock { () -> Bool in
                if state.isSettled { return true }
                state.waiters.append(continuation)
                return false
            }
            if settled { continuation.resume() }
        }
        if timedOut.withLock({ $0 }) {
            recordTestFailure(
                "The consumer of the scripted sequence did not come back for more within \(timeout) "
                    + "(\(requestCount) requests so far).",
                fileID: fileID, filePath: filePath, line: line, column: column
            )
        }
    }

    // MARK: Consuming

    /// Reads the script: the consumer's side.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: ScriptedAsyncSequence

        /// The next scripted element; `nil` after the finish or when cancelled while waiting;
        /// throws the scripted failure.
        public mutating func next() async throws -> Element? {
            let entry = await sequence.take()
            switch entry {
            case .element(let element): return element
            case .finished, .failed: sequence.endTaken(by: SequenceIteration.current)
            case nil: break
            }
            switch entry {
            case .element(let element): return element
            case .failed(let error): throw error
            case .finished, nil: return nil
            }
        }
    }

    /// An iterator over the script.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self)
    }

    private func enqueue(_ entry: Entry) {
        let consumer = lock.withLock { () -> CheckedContinuation<Entry?, Never>? in
            guard let consumer = state.consumer else {
                state.script.append(entry)
                return nil
            }
            state.consumer = nil
            if case .element = entry {} else { state.isEndDispatched = true }
            return consumer
        }
        consumer?.resume(returning: entry)
    }

    /// The consumer asks for the next entry: a scripted one at once, or waits for one.
    private func take() async -> Entry? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Entry?, Never>) in
                let (now, waiters) = lock.withLock { () -> (Entry??, [CheckedContinuation<Void, Never>]) in
                    state.requests += 1
                    if state.isEndDispatched || state.isCancelled { return (.some(nil), []) }
                    if !state.script.isEmpty {
                        let entry = state.script.removeFirst()
                        if case .element = entry {} else { state.isEndDispatched = true }
                        return (.some(entry), [])
                    }
                    state.consumer = continuation
                    return (nil, state.takeWaitersIfSettled())
                }
                for waiter in waiters { waiter.resume() }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let (consumer, waiters) = lock.withLock { () -> (CheckedContinuation<Entry?, Never>?, [CheckedContinuation<Void, Never>]) in
                state.isCancelled = true
                defer { state.consumer = nil }
                return (state.consumer, state.takeWaitersIfSettled() + state.takeCancelWaiters())
            }
            consumer?.resume(returning: nil)
            for waiter in waiters { waiter.resume() }
        }
    }

    /// The consumer received the end, in its task. A Signals bridge (`Observable(elements:)`,
    /// `Observable(results:)`, …) is done once it has delivered the end downstream, on its
    /// actor; any other consumer, now.
    private func endTaken(by bridge: SequenceIteration?) {
        guard let bridge else { return endDelivered() }
        bridge.whenEnded { [self] in endDelivered() }
    }

    /// The consumer is done with the end.
    private func endDelivered() {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            state.hasTakenEnd = true
            return state.takeWaitersIfSettled() + state.takeCancelWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    private func wakeAllWaiters() {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
