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
        /// once, or after the delay.
        case retry(attempt: UInt64, cancelling: (any Cancellable)?)
        /// Deliver it, end the attempt (cancel `cancelling`) and wait for the trigger.
        case deliverAndWait(cancelling: (any Cancellable)?)
    }

    /// Retries left (`retry(_:)`); unused when waiting for a trigger.
    private(set) var remaining: Int
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

    init(retries: Int) {
        remaining = retries
        waitsForTrigger = false
    }

    init(waitingForTrigger: Void) {
        remaining = 0
        waitsForTrigger = true
    }

    /// Events of `attempt` are delivered only while it is the current one.
    func isCurrent(_ attempt: UInt64) -> Bool {
        attempt == self.attempt && !isWaiting && !isEnded
    }

    /// Attempt `attempt` is bound: keep its token, or hand it back to cancel if it already
    /// ended (it failed while being bound, or the binding was cancelled).
    mutating func attemptBound(_ token: any Cancellable, attempt: UInt64) -> (any Cancellable)? {
        guard isCurrent(attempt) else { return token }
        attemptToken = token
        return nil
    }

    /// Attempt `attempt` delivered a failure.
    mutating func failed(attempt: UInt64) -> FailureStep {
        guard isCurrent(attempt) else { return .ignore }
        if waitsForTrigger {
            if isTriggerFinished { return .deliver }
            isWaiting = true
            self.attempt &+= 1
            return .deliverAndWait(cancelling: attemptToken.take())
        }
        guard remaining > 0 else { return .deliver }
        remaining -= 1
        isWaiting = true
        self.attempt &+= 1
        return .retry(attempt: self.attempt, cancelling: attemptToken.take())
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
    /// Re-binding helps only a cold upstream (`Observable.task`, `create`, a `just`): binding
    /// a subject again does not repeat what it sent.
    public func retry<Success, Failure>(_ count: Int) -> Observable<Value> where Value == Result<Success, Failure> {
        precondition(count >= 0, "retry(_:) needs a count of zero or more")
        return retrying(RetryStateMachine(retries: count), delay: nil, trigger: nil)
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
        return retrying(RetryStateMachine(retries: count), delay: (delay, scheduler), trigger: nil)
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
        retrying(RetryStateMachine(waitingForTrigger: ()), delay: nil, trigger: trigger.asObservable().map { _ in })
    }

    /// The one wiring behind the three `retry` forms.
    func retrying<Success, Failure>(
        _ machine: RetryStateMachine,
        delay: (Duration, any Scheduler)?,
        trigger: Observable<Void>?
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        let upstream = asObservable()
        return Observable { downstream in
            let serializer = Serializer<RetryStateMachine, Value>(state: machine, downstream: downstream)
            let triggerToken = CancellableSlot()

            func bindAttempt(_ attempt: UInt64) {
                let token = upstream.subscribe(Observer(
                    onValue: { result in
                        if case .success = result {
                            serializer.run { $0.isCurrent(attempt) ? .value(result) : .none }
                            return
                        }
                        var step = RetryStateMachine.FailureStep.ignore
                        serializer.run { state in
                            step = state.failed(attempt: attempt)
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
                        case .retry(let next, let cancelling):
                            cancelling?.cancel()
                            if let (delay, scheduler) = delay {
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
                        if finishes { triggerToken.cancel() }
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
            bindAttempt(0)
            return AnyCancellable {
                serializer.cancel()
                triggerToken.cancel()
                for token in serializer.withState({ $0.cancelled() }) { token.cancel() }
            }
        }
    }
}
