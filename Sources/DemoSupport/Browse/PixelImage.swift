import Foundation

/// Decoded image pixels, drawn in a terminal as half blocks: each character cell shows two
/// pixels, the upper as the foreground of `▀` and the lower as its background.
///
/// The embedded catalog serves binary PPM (`P6`) images; ``decode(_:)`` reads those and
/// returns `nil` for any other format (the browser then says what it received).
package struct PixelImage: Hashable, Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Row-major pixels.
    package let pixels: [RGB]

    /// Creates an image from its pixels (`pixels.count == width * height`).
    package init(width: Int, height: Int, pixels: [RGB]) {
        precondition(pixels.count == width * height, "pixel count must match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The largest image accepted, in pixels (a bad header cannot allocate without bound).
    package static let maximumPixels = 4_096 * 4_096

    /// Decodes a binary PPM (`P6`, 8-bit); `nil` for anything else or a malformed file.
    package static func decode(_ data: Data) -> PixelImage? {
        let bytes = [UInt8](data)
        var index = 0
        func skipSpaceAndComments() {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                } else {
                    return
                }
            }
        }
        func number() -> Int? {
            skipSpaceAndComments()
            var value = 0
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), index - start < 9 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? value : nil
        }
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        index = 2
        guard let width = number(), let height = number(), let maximum = number(),
              width > 0, height > 0, width * height <= maximumPixels, (1...255).contains(maximum),
              index < bytes.count
        else { return nil }
        index += 1 // the single whitespace byte after the header
        guard bytes.count - index >= width * height * 3 else { return nil }
        var pixels: [RGB] = []
        pixels.reserveCapacity(width * height)
        for offset in stride(from: index, to: index + width * height * 3, by: 3) {
            func scaled(_ value: UInt8) -> UInt8 { UInt8(Int(value) * 255 / maximum) }
            pixels.append(RGB(scaled(bytes[offset]), scaled(bytes[offset + 1]), scaled(bytes[offset + 2])))
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// The image scaled (nearest pixel) to fit `columns` × `rows` cells at two pixels per
    /// cell, aspect kept, as rows of `▀` spans; at least one cell.
    package func halfBlocks(columns: Int, rows: Int) -> [[Span]] {
        guard columns > 0, rows > 0 else { return [] }
        // A cell is about twice as tall as wide, so two stacked pixels are about square.
        let scale = min(Double(columns) / Double(width), Double(rows * 2) / Double(height))
        let cellsWide = max(1, min(columns, Int((Double(width) * scale).rounded())))
        let pixelsHigh = max(2, min(rows * 2, Int((Double(height) * scale).rounded())))
        func pixel(_ x: Int, _ y: Int) -> RGB {
            let sourceX = min(width - 1, x * width / cellsWide)
            let sourceY = min(height - 1, y * height / pixelsHigh)
            return pixels[sourceY * width + sourceX]
        }
        return stride(from: 0, to: pixelsHigh, by: 2).map { y in
            (0..<cellsWide).map { x in
                let lower = y + 1 < pixelsHigh ? pixel(x, y + 1) : nil
                return Span(trusted: "▀", TextStyle(foreground: pixel(x, y), background: lower))
            }
        }
    }
}
