import Foundation

/// Draws the stand-in image bytes the embedded source serves: a small binary PPM (`P6`)
/// in the photo's colour with a soft vertical gradient, sized by which URL was asked for.
/// Deterministic, so the same URL always yields the same bytes.
enum PlaceholderImage {
    static func data(for source: Catalog.ImageSource) -> Data {
        let targetWidth: Int
        switch source.size {
        case .thumb: targetWidth = 20
        case .small: targetWidth = 40
        case .regular: targetWidth = 108
        case .full: targetWidth = 192
        case .raw: targetWidth = 256
        case .avatar: targetWidth = 16
        }
        let aspect = source.width > 0 && source.height > 0 ? Double(source.height) / Double(source.width) : 1
        let pixelsWide = targetWidth
        // Clamped in Double first: a tall photo's height could pass `Int`'s range (32 bits on watchOS).
        let pixelsHigh = max(1, Int(exactly: min(Double(4 * targetWidth), (Double(targetWidth) * aspect).rounded())) ?? 4 * targetWidth)
        let (red, green, blue) = rgb(source.color)

        var bytes = Data("P6\n\(pixelsWide) \(pixelsHigh)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + pixelsWide * pixelsHigh * 3)
        for row in 0..<pixelsHigh {
            // Lighter at the top, darker at the bottom, by up to a quarter.
            let shade = 1.25 - 0.5 * Double(row) / Double(max(1, pixelsHigh - 1))
            let line = [red, green, blue].map { UInt8(min(255, Double($0) * shade)) }
            for _ in 0..<pixelsWide { bytes.append(contentsOf: line) }
        }
        return bytes
    }

    /// Parses `#RRGGBB`; anything else is mid-grey.
    private static func rgb(_ color: String?) -> (UInt8, UInt8, UInt8) {
        guard let color, color.utf8.count == 7, color.hasPrefix("#"), let value = UInt32(color.dropFirst(), radix: 16)
        else { return (128, 128, 128) }
        return (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}
