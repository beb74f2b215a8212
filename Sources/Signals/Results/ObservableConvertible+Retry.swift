/// The decisions of `retry`: which attempt (binding of upstream) is current, whether the
/// stream waits for a delay or a trigger before the next one, and how many retries are left.
struct RetryStateMachine {
    /// What to do with a failure value.
    enum FailureStep {
        /// The failure came from an attempt that was already replaced: drop it.
        case ignore
        /// No retry is possible: deliver it, and keep the attempt running.
        case deliver
        /// Drop it, end the attempt (cancel `cancelling`) and start attempt `attempt`: at
        /// once (`delay` nil), or after `delay`.
        case retry(attempt: UInt64, delay: Duration?, cancelling: (any Cancellable)?)
        /// Deliver it, end the attempt (cancel `cancelling`) and wait for the trigger.
        case deliverAndWait(cancelling: (any Cancellable)?)
    }

    /// Retries left (`retry(_:)`); unused when waiting for a trigger.
    private(set) var remaining: Int
    /// The retries a binding starts with, and gets back on a reset.
    let retries: Int
    /// A success of the current attempt gives the retries back (`resetting: .afterSuccess`).
    private(set) var resetsAfterSuccess = false
    /// Retries started so far (the first retry is number 1).
    private(set) var retriesStarted = 0
    /// The wait before each retry; nil retries at once.
    let backoff: RetryBackoff?
    /// The jitter's generator, one per binding.
    private var random: SplitMix64
    /// `retry(when:)`: every failure is delivered, and the next attempt waits for the trigger.
    let waitsForTrigger: Bool
    private(set) var attempt: UInt64 = 0
    private var attemptToken: (any Cancellable)?
    private var timer: (any Cancellable)?
    /// A failure ended the current attempt; the next one has not started.
    private(set) var isWaiting = false
    private var isTriggerFinished = false
    /// The stream finished or the binding was cancelled: nothing starts any more.
    private var isEnded = false

    init(retries: Int, backoff: RetryBackoff? = nil, resetsAfterSuccess: Bool = false) {
        remaining = retries
        self.retries = retries
        self.resetsAfterSuccess = resetsAfterSuccess
        waitsForTrigger = false
        self.backoff = backoff
        // A fresh seed (a system call) only for jitter without a seed of its own.
        let seed = backoff.map { $0.jitter > 0 ? $0.seed ?? UInt64.random(in: .min ... .max) : 0 } ?? 0
        random = SplitMix64(seed: seed)
    }

    init(waitingForTrigger: Void) {
        remaining = 0
        retries = 0
        waitsForTrigger = true
        backoff = nil
        random = SplitMix64(seed: 0)
    }

    /// Events of `attempt` are delivered only while it is the current one.
    func isCurrent(_ attempt: UInt64) -> Bool {
        attempt == self.attempt && !isWaiting && !isEnded
    }

    /// Attempt `attempt` delivered a success: delivered if it is current (returns true), and
    /// then, with `resetsAfterSuccess`, the retries and the backoff start again.
    mutating func succeeded(attempt: UInt64) -> Bool {
        guard isCurrent(attempt) else { return false }
        if resetsAfterSuccess { resetRequested() }
        return true
    }

    /// The reset trigger delivered: the binding gets its retries back, and the next retry
    /// waits the backoff's first delay again. A wait already running is not changed.
    mutating func resetRequested() {
        guard !isEnded, !waitsForTrigger else { return }
        remaining = retries
        retriesStarted = 0
    }

    /// Attempt `attempt` is bound: keep its token, or hand it back to cancel if it already
    /// ended (it failed while being bound, or the binding was cancelled).
    mutating func attemptBound(_ token: any Cancellable, attempt: UInt64) -> (any Cancellable)? {
        guard isCurrent(attempt) else { return token }
        attemptToken = token
        return nil
    }

    /// Attempt `attempt` delivered a failure; `isRetryable` is the retry predicate's answer
    /// for it (a failure it rejects is delivered, as when no retry is left).
    mutating func failed(attempt: UInt64, isRetryable: Bool = true) -> FailureStep {
        guard isCurrent(attempt) else { return .ignore }
        if waitsForTrigger {
            if isTriggerFinished { return .deliver }
            isWaiting = true
            self.attempt &+= 1
            return .deliverAndWait(cancelling: attemptToken.take())
        }
        guard remaining > 0, isRetryable else { return .deliver }
        remaining -= 1
        retriesStarted += 1
        isWaiting = true
        self.attempt &+= 1
        let delay = backoff?.delay(beforeRetry: retriesStarted, using: &random)
        return .retry(attempt: self.attempt, delay: delay, cancelling: attemptToken.take())
    }

    /// The delay's timer for `attempt` was scheduled: keep it, or hand it back if it is stale.
    mutating func timerScheduled(_ token: any Cancellable, attempt: UInt64) -> (any Cancellable)? {
        guard attempt == self.attempt, isWaiting, !isEnded else { return token }
        timer = token
        return nil
    }

    /// The delay before `attempt` has passed (or there is none): start it unless it is stale.
    mutating func delayEnded(attempt: UInt64) -> Bool {
        guard attempt == self.attempt, isWaiting, !isEnded else { return false }
        isWaiting = false
        timer = nil
        return true
    }

    /// The trigger delivered: the attempt to start, if a failure is waiting for it.
    mutating func triggerFired() -> UInt64? {
        guard waitsForTrigger, isWaiting, !isEnded else { return nil }
        isWaiting = false
        return attempt
    }

    /// The trigger finished: no retry can come, so a waiting stream finishes now.
    mutating func triggerFinished<T>() -> Emission<T> {
        isTriggerFinished = true
        guard isWaiting, !isEnded else { return .none }
        isEnded = true
        return .finish
    }

    /// Attempt `attempt` finished: the stream finishes with it if it is current (returns
    /// true), and nothing starts after that.
    mutating func attemptFinished(attempt: UInt64) -> Bool {
        guard isCurrent(attempt) else { return false }
        isEnded = true
        return true
    }

    /// The binding was cancelled: returns the attempt's token and the timer, to cancel.
    mutating func cancelled() -> [any Cancellable] {
        isEnded = true
        return [attemptToken.take(), timer.take()].compactMap { $0 }
    }
}

extension ObservableConvertible {
    /// After a failure value, binds upstream again, up to `count` times per binding
    /// (RxSwift's and Combine's `retry`, for a stream of `Result`s).
    ///
    /// ```swift
    /// let photos = Observable.task { try await repository.photos(page: 1) }
    ///     .retry(2)                            // up to three attempts in all
    /// ```
    ///
    /// - A failure while a retry is left is **not delivered**: the attempt that sent it is
    ///   cancelled (its later values and finish are dropped) and upstream is bound again at
    ///   once. Successes delivered before the failure stay delivered.
    /// - When no retry is left, the failure **is delivered** and that attempt keeps running:
    ///   the stream finishes when it finishes.
    /// - `count` is per binding, for the binding's whole life: successes do not reset it.
    ///
    /// A retry binds upstream again; what that does depends on the kind of upstream:
    ///
    /// - **A cold stream that starts work per binding** (`Observable.task`, `create`,
    ///   `Observable.deferred`, the factory bridges `Observable(deferredResults: { … })` and
    ///   `Observable(deferredElements: { … })`): the work runs again, a new attempt.
    /// - **A hot stream** (a `Subject`, a `Property`, a `share()`d stream): the retry binds it
    ///   again and receives what it sends from then on; nothing it sent before is repeated,
    ///   and no work starts (a `Property` replays its current value).
    /// - **One sequence bridged once** (`Observable(results: stream)` with an `AsyncStream` or
    ///   another sequence that can be iterated only once): the retry iterates the same,
    ///   already ended sequence again, which ends at once. The failure is dropped (a retry was
    ///   left) and the stream **finishes without it**: the work looks done. Make the sequence
    ///   per binding instead: `Observable(deferredResults: { uploader.upload(photo) })` or
    ///   `Observable.deferred { … }`.
    public func retry<Success, Failure>(_ count: Int) -> Observable<Value> where Value == Result<Success, Failure> {
        precondition(count >= 0, "retry(_:) needs a count of zero or more")
        return retrying(RetryStateMachine(retries: count), scheduler: nil, trigger: nil)
    }

    /// ``retry(_:)`` that waits `delay` on `scheduler` before each new attempt.
    ///
    /// ```swift
    /// let photos = Observable.task { try await repository.photos(page: 1) }
    ///     .retry(3, delay: .seconds(2), scheduler: .main)
    /// ```
    ///
    /// The failure is not delivered while a retry is left; nothing is delivered during the
    /// delay; cancelling the binding cancels the pending timer.
    public func retry<Success, Failure>(
        _ count: Int, delay: Duration, scheduler: some Scheduler
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        precondition(count >= 0, "retry(_:delay:scheduler:) needs a count of zero or more")
        return retrying(RetryStateMachine(retries: count, backoff: .constant(delay)), scheduler: scheduler, trigger: nil)
    }

    /// After a failure value that `shouldRetry` accepts, binds upstream again after the wait
    /// `backoff` gives for that retry (exponential backoff), up to `count` times per binding.
    ///
    /// ```swift
    /// let inbox = Observable.task { try await api.inbox() }
    ///     .retry(
    ///         4,
    ///         backoff: .exponential(initial: .milliseconds(500), maxDelay: .seconds(8), jitter: 0.2),
    ///         scheduler: .main,
    ///         if: { ($0 as? APIError)?.isTransient ?? false }   // never retry a 401
    ///     )
    /// // waits ~0.5 s, ~1 s, ~2 s, ~4 s between the five attempts
    /// ```
    ///
    /// - A failure that `shouldRetry` accepts while a retry is left is **not delivered**: the
    ///   attempt that sent it is cancelled and, after the delay, upstream is bound again.
    ///   Nothing is delivered during the delay.
    /// - A failure that `shouldRetry` rejects, or one after the last retry, **is delivered**,
    ///   and that attempt keeps running: the stream finishes when it finishes.
    /// - The delays belong to the binding: retry 1 waits `backoff`'s first delay, retry 2 the
    ///   second, and so on; successes do not reset them.
    /// - Cancelling the binding cancels the pending timer.
    ///
    /// In tests, run it on a `TestScheduler` and give the jitter a seed
    /// (``RetryBackoff/exponential(initial:multiplier:maxDelay:jitter:seed:)``): each binding
    /// then waits the same delays, which ``RetryBackoff/delays(count:)`` lists.
    public func retry<Success, Failure>(
        _ count: Int,
        backoff: RetryBackoff,
        scheduler: some Scheduler,
        if shouldRetry: @escaping (Failure) -> Bool = { _ in true }
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        precondition(count >= 0, "retry(_:backoff:scheduler:if:) needs a count of zero or more")
        return retrying(
            RetryStateMachine(retries: count, backoff: backoff),
            scheduler: scheduler,
            trigger: nil,
            shouldRetry: shouldRetry
        )
    }

    /// ``retry(_:backoff:scheduler:if:)`` that tells `onRetry` about each retry it starts: its
    /// number, the wait before it and the failure it answers, so that a screen can show
    /// "Retrying (2 of 3) in 4 s". The stream's values are the same as without `onRetry`.
    ///
    /// ```swift
    /// let status = Subject<String>()
    /// let photos = Observable.task { try await repository.photos(page: 1) }
    ///     .retry(3, backoff: .exponential(initial: .seconds(2), maxDelay: .seconds(30)), scheduler: .main,
    ///            onRetry: { retry in
    ///                status.send("Retrying (\(retry.number) of \(retry.maxRetries)) in \(retry.delay.components.seconds) s")
    ///            })
    /// // after the first failure: "Retrying (1 of 3) in 2 s", after the second: "Retrying (2 of 3) in 4 s"
    /// ```
    ///
    /// - `onRetry` runs once per retry, when the failure is dropped and before the wait starts,
    ///   on the thread that delivered the failure, with no lock held. It is not called for a
    ///   failure that is delivered (rejected by `shouldRetry`, or after the last retry).
    /// - `delay` is the wait this retry has, jitter included: the one the scheduler runs.
    public func retry<Success, Failure>(
        _ count: Int,
        backoff: RetryBackoff,
        scheduler: some Scheduler,
        if shouldRetry: @escaping (Failure) -> Bool = { _ in true },
        onRetry: @escaping (RetryAttempt<Failure>) -> Void
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        precondition(count >= 0, "retry(_:backoff:scheduler:if:onRetry:) needs a count of zero or more")
        return retrying(
            RetryStateMachine(retries: count, backoff: backoff),
            scheduler: scheduler,
            trigger: nil,
            shouldRetry: shouldRetry,
            onRetry: onRetry
        )
    }

    /// ``retry(_:backoff:scheduler:if:onRetry:)`` for a long-lived stream (a socket, a live
    /// feed): the binding gets its `count` retries back, and the backoff starts again from its
    /// first delay, when `reset` says so (after a success, or when a trigger delivers).
    ///
    /// ```swift
    /// let frames = Observable.deferred { socket.connect() }       // Observable<Result<Frame, SocketError>>
    ///     .retry(5, backoff: .exponential(initial: .seconds(1), maxDelay: .seconds(30)), scheduler: .main,
    ///            resetting: .afterSuccess,
    ///            onRetry: { retry in status.send("Reconnecting (\(retry.number) of \(retry.maxRetries))…") })
    /// // a connection that drops once an hour reconnects every time, after 1 s;
    /// // five drops in a row with no frame between them deliver the failure
    /// ```
    ///
    /// - Everything else is as in ``retry(_:backoff:scheduler:if:onRetry:)``: a failure is
    ///   dropped while a retry is left, the last one is delivered (and that attempt keeps
    ///   running), cancelling cancels the pending timer.
    /// - `.afterSuccess`: each success of the current attempt gives the retries back. A
    ///   connection that fails right after each success therefore retries for good, always
    ///   after the first delay; use `.on(trigger)` with a "stable for a while" signal to be
    ///   stricter.
    /// - `.on(trigger)`: each value of `trigger` gives the retries back. `trigger` is bound with
    ///   the stream and cancelled when it finishes or is cancelled; a wait already running is
    ///   not shortened.
    /// - After a reset, `onRetry` counts from 1 again (`RetryAttempt.number`), and
    ///   `maxRetries` stays `count`. A reset after the last failure was delivered lets the
    ///   attempt that keeps running be retried again when it next fails.
    public func retry<Success, Failure>(
        _ count: Int,
        backoff: RetryBackoff,
        scheduler: some Scheduler,
        resetting reset: RetryReset,
        if shouldRetry: @escaping (Failure) -> Bool = { _ in true },
        onRetry: @escaping (RetryAttempt<Failure>) -> Void = { _ in }
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        precondition(count >= 0, "retry(_:backoff:scheduler:resetting:if:onRetry:) needs a count of zero or more")
        return retrying(
            RetryStateMachine(retries: count, backoff: backoff, resetsAfterSuccess: reset.afterSuccess),
            scheduler: scheduler,
            trigger: nil,
            resetTrigger: reset.trigger,
            shouldRetry: shouldRetry,
            onRetry: onRetry
        )
    }

    /// ``retry(_:)`` for the failures `shouldRetry` accepts only: a rejected failure is
    /// delivered at once, as when no retry is left.
    ///
    /// ```swift
    /// let profile = Observable.task { try await api.profile() }
    ///     .retry(2, if: { !($0 is AuthError) })
    /// ```
    public func retry<Success, Failure>(
        _ count: Int,
        if shouldRetry: @escaping (Failure) -> Bool
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        precondition(count >= 0, "retry(_:if:) needs a count of zero or more")
        return retrying(RetryStateMachine(retries: count), scheduler: nil, trigger: nil, shouldRetry: shouldRetry)
    }

    /// After a failure value, binds upstream again when `trigger` next delivers (a retry
    /// button): RxSwift's `retry(when:)` driven by the user.
    ///
    /// ```swift
    /// let photos = Observable.task { try await repository.photos(page: 1) }
    ///     .retry(when: input.retryTapped)
    /// ```
    ///
    /// - Every failure **is delivered** (the screen shows the error), then the attempt that
    ///   sent it is cancelled (its later values and finish are dropped) and the stream waits.
    /// - The next value of `trigger` binds upstream again; trigger values while an attempt is
    ///   running are ignored. There is no limit on the number of retries.
    /// - Finishes when an attempt finishes without a failure, or when `trigger` finishes while
    ///   the stream waits. After `trigger` has finished, a failure is delivered and its attempt
    ///   keeps running, as there is nothing left to wait for.
    ///
    /// `trigger` is bound with the stream and cancelled when it finishes or is cancelled.
    public func retry<Success, Failure, Trigger>(
        when trigger: some ObservableConvertible<Trigger>
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        retrying(RetryStateMachine(waitingForTrigger: ()), scheduler: nil, trigger: trigger.asObservable().map { _ in })
    }

    /// The one wiring behind the `retry` forms (`scheduler` runs the machine's delays).
    func retrying<Success, Failure>(
        _ machine: RetryStateMachine,
        scheduler: (any Scheduler)?,
        trigger: Observable<Void>?,
        resetTrigger: Observable<Void>? = nil,
        shouldRetry: ((Failure) -> Bool)? = nil,
        onRetry: ((RetryAttempt<Failure>) -> Void)? = nil
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        let upstream = asObservable()
        return Observable { downstream in
            let serializer = Serializer<RetryStateMachine, Value>(state: machine, downstream: downstream)
            let triggerToken = LateCancellable()
            let resetToken = LateCancellable()

            func bindAttempt(_ attempt: UInt64) {
                let token = upstream.subscribe(Observer(
                    onValue: { result in
                        if case .success = result {
                            serializer.run { $0.succeeded(attempt: attempt) ? .value(result) : .none }
                            return
                        }
                        var isRetryable = true
                        if let shouldRetry, case .failure(let error) = result {
                            isRetryable = shouldRetry(error)
                        }
                        var step = RetryStateMachine.FailureStep.ignore
                        var retryNumber = 0
                        var maxRetries = 0
                        serializer.run { state in
                            step = state.failed(attempt: attempt, isRetryable: isRetryable)
                            retryNumber = state.retriesStarted
                            maxRetries = state.retriesStarted + state.remaining
                            switch step {
                            case .deliver, .deliverAndWait: return .value(result)
                            case .ignore, .retry: return .none
                            }
                        }
                        switch step {
                        case .ignore, .deliver:
                            break
                        case .deliverAndWait(let cancelling):
                            cancelling?.cancel()
                        case .retry(let next, let delay, let cancelling):
                            cancelling?.cancel()
                            if let onRetry, case .failure(let error) = result {
                                onRetry(RetryAttempt(
                                    number: retryNumber, maxRetries: maxRetries, delay: delay ?? .zero, failure: error
                                ))
                            }
                            if let delay, let scheduler {
                                // A timer stream, not a scheduled closure: the next attempt binds
                                // upstream, which is not Sendable, from the timer's handler.
                                let timer = Observable.timer(delay, scheduler: scheduler).subscribe(Observer(
                                    onValue: {
                                        if serializer.withState({ $0.delayEnded(attempt: next) }) { bindAttempt(next) }
                                    },
                                    onFinish: {}
                                ))
                                serializer.withState { $0.timerScheduled(timer, attempt: next) }?.cancel()
                            } else if serializer.withState({ $0.delayEnded(attempt: next) }) {
                                bindAttempt(next)
                            }
                        }
                    },
                    onFinish: {
                        var finishes = false
                        serializer.run { state in
                            finishes = state.attemptFinished(attempt: attempt)
                            return finishes ? .finish : .none
                        }
                        if finishes {
                            triggerToken.cancel()
                            resetToken.cancel()
                        }
                    }
                ))
                serializer.withState { $0.attemptBound(token, attempt: attempt) }?.cancel()
            }

            if let trigger {
                triggerToken.set(trigger.subscribe(Observer(
                    onValue: {
                        if let attempt = serializer.withState({ $0.triggerFired() }) { bindAttempt(attempt) }
                    },
                    onFinish: { serializer.run { $0.triggerFinished() } }
                )))
            }
            if let resetTrigger {
                resetToken.set(resetTrigger.subscribe(Observer(
                    onValue: { serializer.withState { $0.resetRequested() } },
                    onFinish: {}
                )))
            }
            bindAttempt(0)
            return AnyCancellable {
                serializer.cancel()
                triggerToken.cancel()
                resetToken.cancel()
                for token in serializer.withState({ $0.cancelled() }) { token.cancel() }
            }
        }
    }
}
