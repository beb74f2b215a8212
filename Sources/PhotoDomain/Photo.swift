import Foundation

/// A photo, in the shape of an Unsplash photo object.
public struct Photo: Sendable, Hashable, Identifiable {
    /// The Unsplash photo ID.
    public var id: String
    /// The original width in pixels.
    public var width: Int
    /// The original height in pixels.
    public var height: Int
    /// The dominant colour as a hex string such as `#60544D`, if known.
    public var color: String?
    /// The photographer's description, if any.
    public var description: String?
    /// The generated accessibility description, if any.
    public var altDescription: String?
    /// The sized image URLs.
    public var urls: PhotoURLs
    /// The photographer.
    public var user: UserProfile
    /// How many people liked the photo.
    public var likes: Int
    /// When the photo was published, if the server said.
    public var createdAt: Date?
    /// Search tags, lower-case words or short phrases.
    public var tags: [String]

    /// Creates a photo.
    public init(
        id: String,
        width: Int,
        height: Int,
        color: String? = nil,
        description: String? = nil,
        altDescription: String? = nil,
        urls: PhotoURLs,
        user: UserProfile,
        likes: Int = 0,
        createdAt: Date? = nil,
        tags: [String] = []
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.color = color
        self.description = description
        self.altDescription = altDescription
        self.urls = urls
        self.user = user
        self.likes = likes
        self.createdAt = createdAt
        self.tags = tags
    }
}

extension Photo: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, width, height, color, description, urls, user, likes, tags
        case altDescription = "alt_description"
        case createdAt = "created_at"
    }

    /// Decodes an Unsplash photo; only `id`, `urls` and `user` are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            width: try container.decodeCount(forKey: .width) ?? 0,
            height: try container.decodeCount(forKey: .height) ?? 0,
            color: try container.decodeIfPresent(String.self, forKey: .color),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            altDescription: try container.decodeIfPresent(String.self, forKey: .altDescription),
            urls: try container.decode(PhotoURLs.self, forKey: .urls),
            user: try container.decode(UserProfile.self, forKey: .user),
            likes: try container.decodeCount(forKey: .likes) ?? 0,
            createdAt: try container.decodeIfPresent(String.self, forKey: .createdAt)
                .flatMap(Timestamp.date(from:)),
            tags: try container.decodeIfPresent([Tag].self, forKey: .tags)?.map(\.title) ?? []
        )
    }

    /// Encodes the photo in Unsplash's shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(color, forKey: .color)
        try container.encode(description, forKey: .description)
        try container.encode(altDescription, forKey: .altDescription)
        try container.encode(urls, forKey: .urls)
        try container.encode(user, forKey: .user)
        try container.encode(likes, forKey: .likes)
        try container.encode(createdAt.map(Timestamp.string(from:)), forKey: .createdAt)
        try container.encode(tags.map { Tag(title: $0) }, forKey: .tags)
    }

    /// An Unsplash tag: `{"type": "search", "title": "mountain"}`, or a bare string.
    private struct Tag: Codable {
        var title: String

        init(title: String) { self.title = title }

        private enum CodingKeys: String, CodingKey { case type, title }

        init(from decoder: any Decoder) throws {
            // Objects first: they are the documented shape, and a failed attempt throws,
            // which costs far more than the decode itself.
            if let container = try? decoder.container(keyedBy: CodingKeys.self) {
                title = try container.decode(String.self, forKey: .title)
            } else {
                title = try decoder.singleValueContainer().decode(String.self)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("search", forKey: .type)
            try container.encode(title, forKey: .title)
        }
    }
}
