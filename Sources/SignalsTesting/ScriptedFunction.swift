import Signals

/// A test double for an `async throws` dependency, `(Input) async throws -> Output`: it records
/// each call and suspends it until the test answers — with a value, an error, or never — and it
/// sees when the caller cancels. Pass it where production code takes the function.
///
/// ```swift
/// let login = ScriptedFunction<Credentials, User>(scheduler: scheduler)
/// let viewModel = LoginViewModel(login: login.function)     // (Credentials) async throws -> User
/// let input = LoginViewModel.Input()
/// timeline.recordAll(of: viewModel.transform(input: input))
///
/// input.submitTapped.fire()
/// let call = try await login.expectCall()                  // waits for the call: no polling
/// #expect(call.input == Credentials(email: "ada@example.com", password: "secret"))
/// await call.succeed(with: User(name: "Ada"))             // returns once the view model settled
/// timeline.expect { ("signedIn", "Ada") }
/// ```
///
/// Answering is `async` and runs on the test's actor: it resumes the caller, then returns once
/// the result has been delivered — when the caller runs in an `Observable.task`, until that
/// task delivered its result (on its actor) or suspends in a scripted call again; otherwise
/// until the call returned — and once the `scheduler`, if given, has run the work due now, on
/// the test's actor (a `@MainActor` test runs it on the main actor, where a `@MainActor` view
/// model's `receive(on: scheduler)` handlers expect it). So a test never sleeps or polls for
/// the outputs of an answer.
///
/// A call whose caller is cancelled (its binding cancelled, say by `flatMapLatest` on a new
/// query) throws `CancellationError` to the caller, like `URLSession`, and is marked
/// ``Call/State/cancelled``.
public final class ScriptedFunction<Input, Output: Sendable>: @unchecked Sendable {
    // Lock holder: `recorded` and `closedAt` are guarded by `lock`, which `arrivals` shares.

    /// One call: its input and what became of it.
    public final class Call: @unchecked Sendable, CustomStringConvertible {
        // Lock holder: `storage` is guarded by `lock`; `isHandedOutLocked` by the function's lock.

        /// What became of a call.
        public enum State: Hashable, Sendable {
            /// Waiting for the test's answer.
            case pending
            /// Answered with a value or an error.
            case answered
            /// Left unanswered on purpose (``Call/neverAnswer()``), waiting until cancelled.
            case neverAnswered
            /// The caller cancelled before an answer.
            case cancelled
        }

        private struct Storage {
            var state: State = .pending
            var continuation: CheckedContinuation<Output, any Error>?
            /// An answer given before the caller suspended.
            var earlyAnswer: Result<Output, any Error>?
            /// Tests in ``Call/waitUntilCancelled(timeout:fileID:filePath:line:column:)``,
            /// woken when the call is cancelled or answered.
            var cancelWaiters: [CheckedContinuation<Void, Never>] = []

            /// Whether the call can still become cancelled.
            var isOpen: Bool { state == .pending || state == .neverAnswered }

            mutating func takeCancelWaiters() -> [CheckedContinuation<Void, Never>] {
                defer { cancelWaiters = [] }
                return cancelWaiters
            }
        }

        /// The input the function was called with.
        public let input: Input
        /// The call's position among the function's calls, from 1.
        public let number: Int
        private let lock = Locked()
        private var storage = Storage()
        /// The `Observable.task` run that made the call, if any.
        private let work: TaskWork?
        private let scheduler: TestScheduler?
        private let returned = OneShotLatch()

        init(input: Input, number: Int, work: TaskWork?, scheduler: TestScheduler?) {
            self.input = input
            self.number = number
            self.work = work
            self.scheduler = scheduler
        }

        /// What became of the call so far.
        public var state: State { lock.withLock { storage.state } }

        /// Whether the caller cancelled the call before it was answered.
        ///
        /// A call that ``ScriptedFunction/expectCall(timeout:isolation:fileID:filePath:line:column:)``
        /// handed out has its caller waiting inside its cancellation handler, so this reads
        /// true as soon as the cancel that reaches the caller's task has returned: cancelling
        /// the binding of the `Observable.task` that made the call (releasing its token, a
        /// `flatMapLatest` moving on) marks the call before the cancel returns. A cancel that
        /// reaches the task later (through a `receive(on:)` hop, or another task) is awaited
        /// with ``waitUntilCancelled(timeout:fileID:filePath:line:column:)``.
        public var isCancelled: Bool { state == .cancelled }

        /// Returns once the caller has cancelled the call; fails the test at the caller's line
        /// if that does not happen within `timeout` of real time (a bound for a broken test),
        /// or at once if the call was answered first.
        ///
        /// ```swift
        /// input.cancelTapped.fire()               // cancels the request on another actor
        /// await call.waitUntilCancelled()
        /// #expect(call.isCancelled)
        /// ```
        public func waitUntilCancelled(
            timeout: Duration = ScriptedFunction<Void, Void>.defaultCallTimeout,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            let timedOut = Locked(false)
            let watchdog = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled, let self else { return }
                timedOut.withLock { $0 = true }
                let waiters = self.lock.withLock { self.storage.takeCancelWaiters() }
                for waiter in waiters { waiter.resume() }
            }
            defer { watchdog.cancel() }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let settled = lock.withLock { () -> Bool in
                    if !storage.isOpen { return true }
                    storage.cancelWaiters.append(continuation)
                    return false
                }
                if settled { continuation.resume() }
            }
            let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            switch state {
            case .cancelled:
                return
            case .answered:
                recordTestFailure("\(self) can no longer be cancelled: it was answered first.", at: site)
            case .pending, .neverAnswered:
                if timedOut.withLock({ $0 }) {
                    recordTestFailure("\(self) was not cancelled within \(timeout).", at: site)
                }
            }
        }

        /// `call 2(input): pending`.
        public var description: String { "call \(number)(\(input)): \(state)" }

        /// Returns `value` to the caller, then waits until the view model has settled.
        public func succeed(
            with value: Output,
            isolation: isolated (any Actor)? = #isolation,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            await answer(.success(value), CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
        }

        /// Throws `error` to the caller, then waits until the view model has settled.
        public func fail(
            with error: any Error,
            isolation: isolated (any Actor)? = #isolation,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            await answer(.failure(error), CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
        }

        /// Answers with `result` (a value or an error), then waits until the view model has settled.
        public func respond(
            with result: Result<Output, any Error>,
            isolation: isolated (any Actor)? = #isolation,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            await answer(result, CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
        }

        /// Leaves the call suspended until its caller cancels it (a request that never
        /// returns); ``ScriptedFunction/expectNoPendingCalls(fileID:filePath:line:column:)``
        /// then accepts it.
        public func neverAnswer() {
            lock.withLock { if storage.state == .pending { storage.state = .neverAnswered } }
        }

        /// Runs on the answering test's actor (`isolation`), so the scheduler's due work runs
        /// there too: a `@MainActor` test answering a `@MainActor` view model stays on main.
        private func answer(
            _ result: Result<Output, any Error>, _ site: CallSite, isolation: isolated (any Actor)?
        ) async {
            let outcome = lock.withLock { () -> (CheckedContinuation<Output, any Error>?, State, [CheckedContinuation<Void, Never>]) in
                let previous = storage.state
                guard storage.isOpen else { return (nil, previous, []) }
                storage.state = .answered
                defer { storage.continuation = nil }
                if storage.continuation == nil {
                    storage.earlyAnswer = result
                } else {
                    work?.endWaitingOnTest()   // under the lock: in step with beginWaitingOnTest
                }
                return (storage.continuation, previous, storage.takeCancelWaiters())
            }
            guard outcome.1 == .pending || outcome.1 == .neverAnswered else {
                recordTestFailure("\(self) was answered again; a call takes one answer.", at: site)
                return
            }
            for waiter in outcome.2 { waiter.resume() }
            outcome.0?.resume(with: result)
            await settle(isolation: isolation)
        }

        /// Waits until the caller delivered the answer (or waits on the test again), then runs
        /// the scheduler's work due now, on the answering test's actor.
        private func settle(isolation: isolated (any Actor)?) async {
            if let work {
                await work.waitUntilIdle()
            } else {
                await returned.wait()
            }
            guard let scheduler else { return }
            deliveringOffMainActor(by: Call.offMainActorAdvice) { scheduler.advance() }
        }

        /// What the debug main-actor check says when an answer given off the main actor runs
        /// the scheduler's work into a handler bound on it.
        static var offMainActorAdvice: String {
            "`ScriptedFunction` answers (`succeed`, `fail`, `respond`) run their `TestScheduler`'s due "
                + "work on the actor that answers, and this call was answered off the main actor. "
                + "Answer from the main actor when the view model is: make the test `@MainActor`"
        }

        // MARK: Called by the function

        /// Whether `expectCall()` may hand the call out: its caller is inside its cancellation
        /// handler. Guarded by the function's lock, not the call's.
        var isHandedOutLocked = false

        /// Suspends the caller until the answer; throws `CancellationError` if cancelled first.
        /// `onHandlerInstalled` runs once the cancellation handler is in place (a caller
        /// already cancelled has run it by then), before the caller suspends.
        func awaitAnswer(onHandlerInstalled: () -> Void) async throws -> Output {
            defer { returned.fire() }
            return try await withTaskCancellationHandler {
                onHandlerInstalled()
                return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
                    let early = lock.withLock { () -> Result<Output, any Error>? in
                        if storage.state == .cancelled { return .failure(CancellationError()) }
                        if let answer = storage.earlyAnswer { return answer }
                        storage.continuation = continuation
                        work?.beginWaitingOnTest()
                        return nil
                    }
                    if let early { continuation.resume(with: early) }
                }
            } onCancel: {
                cancel()
            }
        }

        private func cancel() {
            let (continuation, waiters) = lock.withLock { () -> (CheckedContinuation<Output, any Error>?, [CheckedContinuation<Void, Never>]) in
                guard storage.isOpen else { return (nil, []) }
                storage.state = .cancelled
                defer { storage.continuation = nil }
                if storage.continuation != nil { work?.endWaitingOnTest() }
                return (storage.continuation, storage.takeCancelWaiters())
            }
            continuation?.resume(throwing: CancellationError())
            for waiter in waiters { waiter.resume() }
        }
    }

    private let lock = Locked()
    private var recorded: [Call] = []
    private let arrivals: CallArrivals
    /// Where ``expectNoFurtherCalls(fileID:filePath:line:column:)`` closed the function, if it did.
    private var closedAt: CallSite?
    private let scheduler: TestScheduler?
    /// How long ``expectCall(timeout:isolation:fileID:filePath:line:column:)`` waits, by default, for a call
    /// that does not come, before failing: a bound for a broken test, not a timing.
    public static var defaultCallTimeout: Duration { .seconds(10) }

    /// Creates a function with no calls; answers then run `scheduler`'s work due now.
    public init(scheduler: TestScheduler? = nil) {
        self.scheduler = scheduler
        arrivals = CallArrivals(lock: lock)
    }

    /// Calls the function: records the call and suspends until the test answers it.
    public func callAsFunction(_ input: Input) async throws -> Output {
        let (call, closedAt) = lock.withLock { () -> (Call, CallSite?) in
            let call = Call(input: input, number: recorded.count + 1, work: TaskWork.current, scheduler: scheduler)
            recorded.append(call)
            if self.closedAt != nil { arrivals.claimedCount = recorded.count }
            return (call, self.closedAt)
        }
        if let closedAt {
            recordTestFailure(
                "Unexpected \(call): the scripted function expected no further calls "
                    + "(expectNoFurtherCalls() at \(closedAt.shortDescription)).",
                at: closedAt
            )
            throw ScriptedFunctionUnexpectedCall(callNumber: call.number)
        }
        // Handed out only once the caller is inside its cancellation handler, so that a cancel
        // made after `expectCall()` returned marks the call before `cancel()` returns.
        return try await call.awaitAnswer(onHandlerInstalled: { [self] in
            lock.withLock { call.isHandedOutLocked = true }
            arrivals.wakeAll()
        })
    }

    /// How many calls `expectCall()` may hand out (under the lock): the recorded ones up to the
    /// first whose caller has not yet entered its cancellation handler.
    private func handOutCountLocked() -> Int {
        var count = arrivals.claimedCount
        while count < recorded.count, recorded[count].isHandedOutLocked { count += 1 }
        return count
    }

    /// The function itself, to pass where production code takes `(Input) async throws -> Output`.
    public var function: @Sendable (Input) async throws -> Output {
        { [self] input in try await self(input) }
    }

    // MARK: Reading

    /// Every call so far, in call order.
    public var calls: [Call] { lock.withLock { recorded } }

    /// The inputs of every call so far, in call order.
    public var inputs: [Input] { calls.map(\.input) }

    /// The calls waiting for an answer (not left unanswered on purpose).
    public var pendingCalls: [Call] { calls.filter { $0.state == .pending } }

    /// The calls their callers cancelled before an answer.
    public var cancelledCalls: [Call] { calls.filter { $0.state == .cancelled } }

    // MARK: Expecting

    /// Waits for the next call not yet handed out by this method and returns it; fails the
    /// test and throws if none arrives within `timeout` of real time (a bound for a broken
    /// test: a call that comes arrives as soon as its task runs).
    @discardableResult
    public func expectCall(
        timeout: Duration = ScriptedFunction.defaultCallTimeout,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> Call {
        let claimed = try await arrivals.expectNext(
            within: timeout, of: "scripted function",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            recordedCount: { [self] in handOutCountLocked() }
        )
        return lock.withLock { recorded[claimed] }
    }

    /// Expects no call waiting for an answer: every call made so far was answered, cancelled,
    /// or left unanswered on purpose.
    ///
    /// It checks the calls made so far, handed out by ``expectCall(timeout:isolation:fileID:filePath:line:column:)``
    /// or not (a call made and not yet expected is pending, and fails it), and it does not
    /// wait: a call still on its way (a task started but not yet at the function) is not one
    /// of them, and passes. To rule such a call out, expect it with `expectCall()`, or close
    /// the function with ``expectNoFurtherCalls(fileID:filePath:line:column:)``, which fails
    /// at its line when such a call comes.
    public func expectNoPendingCalls(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let pending = pendingCalls
        guard !pending.isEmpty else { return }
        recordTestFailure(
            "\(Timeline.count(pending.count, "call")) still waiting for an answer:\n"
                + pending.map { "  \($0)" }.joined(separator: "\n"),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Expects that the function is not called again: fails the test now if a call arrived
    /// that ``expectCall(timeout:isolation:fileID:filePath:line:column:)`` has not handed
    /// out, and fails it later, at this line, if one arrives after (the caller then gets
    /// ``ScriptedFunctionUnexpectedCall``).
    ///
    /// ```swift
    /// input.submitTapped.fire()
    /// try await logIn.expectCall().fail(with: AuthError.wrongPassword)
    /// logIn.expectNoFurtherCalls()      // a retry of a wrong password would fail here
    /// input.submitTapped.fire()         // disabled: nothing is called
    /// ```
    ///
    /// The check does not wait: a call that comes later, while the test runs, is reported
    /// when it comes. The function stays closed for the rest of the test.
    public func expectNoFurtherCalls(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let unexpected = lock.withLock { () -> [Call] in
            closedAt = site
            defer { arrivals.claimedCount = recorded.count }
            return Array(recorded[arrivals.claimedCount...])
        }
        guard !unexpected.isEmpty else { return }
        recordTestFailure(
            "Expected no further calls to the scripted function; \(Timeline.count(unexpected.count, "call")) "
                + "came that expectCall() has not handed out:\n"
                + unexpected.map { "  \($0)" }.joined(separator: "\n"),
            at: site
        )
    }
}

extension ScriptedFunction where Input == Void {
    /// Calls a function that takes no argument: records the call and suspends until the test
    /// answers it (`scripted()` rather than `scripted(())`).
    public func callAsFunction() async throws -> Output {
        try await self(())
    }

    /// The function as `() async throws -> Output`, to pass where production code takes a
    /// dependency without an argument: ``function`` is `(Void) async throws -> Output`, a
    /// different type that does not convert.
    ///
    /// ```swift
    /// let refresh = ScriptedFunction<Void, [Photo]>()
    /// let viewModel = FeedViewModel(refresh: refresh.zeroArgumentFunction)   // () async throws -> [Photo]
    /// input.pulledToRefresh.fire()
    /// try await refresh.expectCall().succeed(with: photos)
    /// ```
    public var zeroArgumentFunction: @Sendable () async throws -> Output {
        { [self] in try await self() }
    }
}

/// What a ``ScriptedFunction`` throws to a call made after
/// ``ScriptedFunction/expectNoFurtherCalls(fileID:filePath:line:column:)`` (the test has
/// already failed at that line).
public struct ScriptedFunctionUnexpectedCall: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call's position among the function's calls, from 1.
    public let callNumber: Int

    /// A sentence saying what happened.
    public var description: String {
        "Call \(callNumber) to the scripted function came after expectNoFurtherCalls()."
    }
}

/// Why ``ScriptedFunction/expectCall(timeout:isolation:fileID:filePath:line:column:)`` threw.
public enum ScriptedFunctionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No call came within the timeout.
    case noCall(timeout: Duration)

    /// A sentence saying what happened.
    public var description: String {
        switch self {
        case .noCall(let timeout): "No call to the scripted function came within \(timeout)."
        }
    }
}

/// A one-shot latch to await: `wait()` returns once `fire()` was called (at once after).
final class OneShotLatch: @unchecked Sendable {
    // Lock holder: `fired` and `waiters` are guarded by `lock`.
    private let lock = Locked()
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func fire() {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            fired = true
            defer { self.waiters = [] }
            return self.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = lock.withLock { () -> Bool in
                if fired { return true }
                waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
