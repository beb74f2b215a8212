import Foundation

/// The sized image URLs of a photo, as Unsplash returns them under `urls`.
public struct PhotoURLs: Sendable, Hashable {
    /// The original image, unprocessed.
    public var raw: URL
    /// The full-resolution image, as a JPEG.
    public var full: URL
    /// The image 1080 pixels wide.
    public var regular: URL
    /// The image 400 pixels wide.
    public var small: URL
    /// The image 200 pixels wide.
    public var thumb: URL

    /// Creates a set of image URLs.
    public init(raw: URL, full: URL, regular: URL, small: URL, thumb: URL) {
        self.raw = raw
        self.full = full
        self.regular = regular
        self.small = small
        self.thumb = thumb
    }
}

extension PhotoURLs: Codable {
    private enum CodingKeys: String, CodingKey {
        case raw, full, regular, small, thumb
    }

    /// Decodes the URLs; a missing or `null` size falls back to the nearest size present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let order: [CodingKeys] = [.raw, .full, .regular, .small, .thumb]
        var found: [CodingKeys: URL] = [:]
        for key in order {
            if let text = try container.decodeIfPresent(String.self, forKey: key), let url = URL(string: text) {
                found[key] = url
            }
        }
        guard !found.isEmpty else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "No image URL among raw, full, regular, small, thumb"
            ))
        }
        func resolve(_ key: CodingKeys) -> URL {
            if let url = found[key] { return url }
            let index = order.firstIndex(of: key)!
            // Prefer the next smaller size, then the next larger one.
            for candidate in order[index...] { if let url = found[candidate] { return url } }
            for candidate in order[..<index].reversed() { if let url = found[candidate] { return url } }
            preconditionFailure("found is not empty")
        }
        self.init(
            raw: resolve(.raw), full: resolve(.full), regular: resolve(.regular),
            small: resolve(.small), thumb: resolve(.thumb)
        )
    }
}
