import SignalsPhotoDomain

/// Which calls of a `FailureInjectingRepository` fail on purpose, for demos and tests.
///
/// Deterministic: `.failNext` fails exactly the next N matching calls, and `.failureRate`
/// draws from a generator seeded with `seed`, so the same sequence of calls fails the same way
/// on every run.
///
/// ```swift
/// let flaky = FailureInjection.failureRate(0.25, seed: 42)
/// let down = FailureInjection.failNext(2, with: .network(.serverError(code: 503)))
/// ```
public struct FailureInjection: Sendable, Hashable {
    enum Mode: Sendable, Hashable {
        case never
        case next(Int)
        case rate(Double, seed: UInt64)
    }

    let mode: Mode
    /// The error each failed call throws.
    public let error: UseCaseError
    /// The kinds of call that can fail; others always succeed.
    public let operations: Set<RepositoryOperation>

    /// The error thrown when none is given: a simulated transport failure.
    public static let simulatedError = UseCaseError.network(.transportFailure(reason: "Simulated failure."))

    /// No call fails.
    public static let none = FailureInjection(mode: .never, error: simulatedError, operations: [])

    /// The next `count` matching calls fail with `error`; later calls succeed.
    public static func failNext(
        _ count: Int,
        with error: UseCaseError = simulatedError,
        operations: Set<RepositoryOperation> = Set(RepositoryOperation.allCases)
    ) -> FailureInjection {
        FailureInjection(mode: .next(max(0, count)), error: error, operations: operations)
    }

    /// Each matching call fails with probability `rate` (0...1), drawn from a generator seeded with `seed`.
    public static func failureRate(
        _ rate: Double,
        seed: UInt64,
        with error: UseCaseError = simulatedError,
        operations: Set<RepositoryOperation> = Set(RepositoryOperation.allCases)
    ) -> FailureInjection {
        FailureInjection(mode: .rate(min(max(rate, 0), 1), seed: seed), error: error, operations: operations)
    }
}

/// The mutable side of a `FailureInjection`: calls left to fail, or the generator's position.
struct FailureState: Sendable {
    private let injection: FailureInjection
    private var remaining: Int
    private var generator: SplitMix64

    init(_ injection: FailureInjection) {
        self.injection = injection
        switch injection.mode {
        case .never:
            remaining = 0
            generator = SplitMix64(seed: 0)
        case .next(let count):
            remaining = count
            generator = SplitMix64(seed: 0)
        case .rate(_, let seed):
            remaining = 0
            generator = SplitMix64(seed: seed)
        }
    }

    /// Decides whether this call fails, advancing the state; returns the error to throw, if any.
    mutating func nextFailure(for operation: RepositoryOperation) -> UseCaseError? {
        guard injection.operations.contains(operation) else { return nil }
        switch injection.mode {
        case .never:
            return nil
        case .next:
            guard remaining > 0 else { return nil }
            remaining -= 1
            return injection.error
        case .rate(let rate, _):
            let draw = Double(generator.next() >> 11) / Double(UInt64(1) << 53)
            return draw < rate ? injection.error : nil
        }
    }
}
