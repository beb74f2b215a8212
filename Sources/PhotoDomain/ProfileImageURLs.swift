import Foundation

/// The avatar URLs of a user, as Unsplash returns them under `profile_image`.
public struct ProfileImageURLs: Sendable, Hashable {
    /// The avatar 32 pixels square.
    public var small: URL?
    /// The avatar 64 pixels square.
    public var medium: URL?
    /// The avatar 128 pixels square.
    public var large: URL?

    /// Creates a set of avatar URLs.
    public init(small: URL? = nil, medium: URL? = nil, large: URL? = nil) {
        self.small = small
        self.medium = medium
        self.large = large
    }
}

extension ProfileImageURLs: Codable {
    private enum CodingKeys: String, CodingKey {
        case small, medium, large
    }

    /// Decodes the avatar URLs, treating missing, `null` or malformed entries as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func url(_ key: CodingKeys) throws -> URL? {
            try container.decodeIfPresent(String.self, forKey: key).flatMap(URL.init(string:))
        }
        self.init(small: try url(.small), medium: try url(.medium), large: try url(.large))
    }
}
