import Signals

/// A deterministic random number generator (SplitMix64) for seeded randomized tests: the same
/// seed always yields the same sequence, so a failing seed replays exactly.
///
/// ```swift
/// for seed: UInt64 in 1...8 {
///     var random = SeededRandomNumberGenerator(seed: seed)
///     let step = Int.random(in: 0..<5, using: &random)
/// }
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    // Signals' SplitMix64, the one `retry`'s jitter draws from (PhotoData keeps its own copy).
    private var base: SplitMix64

    /// Creates a generator whose sequence depends only on `seed`.
    public init(seed: UInt64) {
        base = SplitMix64(seed: seed)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        base.next()
    }
}
