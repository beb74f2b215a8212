/// SplitMix64, the seeded generator behind `FailureInjection.failureRate(_:seed:with:operations:)`:
/// the same seed always yields the same sequence, so a simulated failure repeats exactly.
///
/// PhotoData's own copy of the algorithm in Signals (`SignalsTesting.SeededRandomNumberGenerator`
/// draws from that one), so that PhotoData needs no Signals. The constants are SplitMix64's
/// published ones; `SplitMix64Tests` pins the first outputs for seed 0.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence depends only on `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
