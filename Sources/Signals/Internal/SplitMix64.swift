/// SplitMix64: the package's one seeded random number generator. The same seed always yields
/// the same sequence, so a failing test seed or a simulated failure repeats exactly.
///
/// `SignalsTesting.SeededRandomNumberGenerator` (public) wraps it for tests, and `retry`'s
/// backoff draws its jitter from it. (PhotoData, which does not depend on Signals, has its own.)
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence depends only on `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
