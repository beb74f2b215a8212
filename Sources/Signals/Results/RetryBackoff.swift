/// How long `retry(_:backoff:scheduler:if:)` waits before each retry: a constant delay, or an
/// exponential backoff with a maximum delay and optional jitter.
///
/// ```swift
/// let backoff = RetryBackoff.exponential(initial: .milliseconds(500), maxDelay: .seconds(8))
/// backoff.delays(count: 6)   // 0.5 s, 1 s, 2 s, 4 s, 8 s, 8 s
/// ```
///
/// Jitter spreads the retries of many clients: with `jitter: 0.2` each delay is drawn
/// uniformly from 80 % to 100 % of its exponential value. Give a `seed` in tests: every binding
/// then draws the same delays, in the same order.
public struct RetryBackoff: Sendable, Equatable {
    /// The delay before the first retry.
    public let initial: Duration
    /// The factor from one delay to the next (1 for a constant delay).
    public let multiplier: Double
    /// No delay is longer than this (before jitter).
    public let maxDelay: Duration
    /// The share of each delay that jitter may take off, from 0 (none) to 1 (full jitter).
    public let jitter: Double
    /// The jitter generator's seed; nil draws a fresh seed for each binding.
    public let seed: UInt64?

    /// The same `delay` before every retry.
    public static func constant(_ delay: Duration) -> RetryBackoff {
        precondition(delay >= .zero, "RetryBackoff.constant needs a delay of zero or more")
        return RetryBackoff(initial: delay, multiplier: 1, maxDelay: delay, jitter: 0, seed: nil)
    }

    /// `initial` before the first retry, then each delay `multiplier` times the one before,
    /// up to `maxDelay`; with `jitter` above 0, each delay is drawn uniformly between
    /// `(1 - jitter)` times and 1 times that value, from a generator seeded with `seed`.
    ///
    /// ```swift
    /// .exponential(initial: .seconds(1), maxDelay: .seconds(30))                   // 1, 2, 4, … 30 s
    /// .exponential(initial: .seconds(1), maxDelay: .seconds(30), jitter: 1, seed: 7) // full jitter, repeatable
    /// ```
    public static func exponential(
        initial: Duration,
        multiplier: Double = 2,
        maxDelay: Duration,
        jitter: Double = 0,
        seed: UInt64? = nil
    ) -> RetryBackoff {
        precondition(initial >= .zero, "RetryBackoff.exponential needs an initial delay of zero or more")
        precondition(maxDelay >= initial, "RetryBackoff.exponential needs a maxDelay of at least the initial delay")
        precondition(multiplier >= 1 && multiplier.isFinite, "RetryBackoff.exponential needs a finite multiplier of 1 or more")
        precondition((0...1).contains(jitter), "RetryBackoff.exponential needs a jitter from 0 to 1")
        return RetryBackoff(initial: initial, multiplier: multiplier, maxDelay: maxDelay, jitter: jitter, seed: seed)
    }

    /// The delay before retry number `retry` (1 for the first) without jitter.
    public func baseDelay(beforeRetry retry: Int) -> Duration {
        precondition(retry >= 1, "retries are numbered from 1")
        var delay = initial
        var step = 1
        while step < retry, delay < maxDelay {
            // Compared as a ratio first, so that a long backoff never overflows `Duration`.
            if maxDelay == .zero || delay / maxDelay * multiplier >= 1 {
                delay = maxDelay
            } else {
                delay = delay * multiplier
            }
            step += 1
        }
        return min(delay, maxDelay)
    }

    /// The delays before the first `count` retries of one binding, jitter included (drawn from
    /// `seed`; without a seed, from a fresh one, so different on each call).
    public func delays(count: Int) -> [Duration] {
        var random = SplitMix64(seed: seed ?? UInt64.random(in: .min ... .max))
        return (0..<max(count, 0)).map { delay(beforeRetry: $0 + 1, using: &random) }
    }

    /// The delay before retry number `retry`, jitter drawn from `random`.
    func delay(beforeRetry retry: Int, using random: inout SplitMix64) -> Duration {
        let base = baseDelay(beforeRetry: retry)
        guard jitter > 0 else { return base }
        let fraction = Double.random(in: 0..<1, using: &random)
        return base * (1 - jitter * fraction)
    }
}

/// One retry that `retry(_:backoff:scheduler:if:onRetry:)` starts: which one it is, how long it
/// waits, and the failure it answers.
///
/// ```swift
/// let attempt = RetryAttempt(number: 2, maxRetries: 3, delay: .seconds(4), failure: "offline")
/// let message = "Retrying (\(attempt.number) of \(attempt.maxRetries)) in \(attempt.delay.components.seconds) s"
/// // "Retrying (2 of 3) in 4 s"
/// ```
public struct RetryAttempt<Failure> {
    /// Which retry this is: 1 for the first, up to ``maxRetries``.
    public let number: Int
    /// The retries the binding may make in all (the `count` given to `retry`).
    public let maxRetries: Int
    /// The wait before this retry binds upstream again, jitter included.
    public let delay: Duration
    /// The failure that this retry answers (it is not delivered downstream).
    public let failure: Failure

    /// An attempt with the given parts (for tests and previews; `retry` makes the real ones).
    public init(number: Int, maxRetries: Int, delay: Duration, failure: Failure) {
        self.number = number
        self.maxRetries = maxRetries
        self.delay = delay
        self.failure = failure
    }
}

extension RetryAttempt: Sendable where Failure: Sendable {}
extension RetryAttempt: Equatable where Failure: Equatable {}

/// When `retry(_:backoff:scheduler:resetting:if:onRetry:)` gives a binding its retries back and
/// starts its backoff again: after each success, when a trigger delivers, or both.
///
/// ```swift
/// let afterEachFrame = RetryReset.afterSuccess
/// let whenOnline = RetryReset.on(network.becameReachable)
/// let either = RetryReset.afterSuccess(or: network.becameReachable)
/// ```
public struct RetryReset {
    /// A success of the current attempt resets.
    let afterSuccess: Bool
    /// Each value of this stream resets.
    let trigger: Observable<Void>?

    /// Resets after each success the current attempt delivers.
    public static var afterSuccess: RetryReset {
        RetryReset(afterSuccess: true, trigger: nil)
    }

    /// Resets each time `trigger` delivers a value.
    public static func on<T>(_ trigger: some ObservableConvertible<T>) -> RetryReset {
        RetryReset(afterSuccess: false, trigger: trigger.asObservable().map { _ in })
    }

    /// Resets after each success, and each time `trigger` delivers a value.
    public static func afterSuccess<T>(or trigger: some ObservableConvertible<T>) -> RetryReset {
        RetryReset(afterSuccess: true, trigger: trigger.asObservable().map { _ in })
    }
}
