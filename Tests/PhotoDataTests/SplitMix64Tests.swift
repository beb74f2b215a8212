@testable import SignalsPhotoData
import Testing

/// PhotoData's seeded generator is SplitMix64 itself, so a failure rate's seed means the same
/// thing as everywhere else SplitMix64 is used.
struct SplitMix64Tests {
    @Test func seedZeroGivesSplitMix64sPublishedFirstOutputs() {
        var generator = SplitMix64(seed: 0)
        #expect([generator.next(), generator.next(), generator.next()] == [
            0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F
        ])
    }

    @Test func theSameSeedRepeatsAndAnotherSeedDiffers() {
        var first = SplitMix64(seed: 42)
        var again = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let firstDraws = (0..<8).map { _ in first.next() }
        #expect((0..<8).map { _ in again.next() } == firstDraws)
        #expect((0..<8).map { _ in other.next() } != firstDraws)
    }
}
