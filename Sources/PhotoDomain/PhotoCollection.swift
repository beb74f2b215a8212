import Foundation

/// A curated collection of photos, in the shape of an Unsplash collection object.
public struct PhotoCollection: Sendable, Hashable, Identifiable {
    /// The Unsplash collection ID (older payloads send a number; it is kept as text).
    public var id: String
    /// The collection's title.
    public var title: String
    /// The curator's description, if any.
    public var description: String?
    /// How many photos the collection holds.
    public var totalPhotos: Int
    /// A few of the collection's photos, for a thumbnail strip.
    public var previewPhotos: [PhotoPreview]
    /// The curator, if the server sent one.
    public var user: UserProfile?

    /// Creates a collection.
    public init(
        id: String,
        title: String,
        description: String? = nil,
        totalPhotos: Int = 0,
        previewPhotos: [PhotoPreview] = [],
        user: UserProfile? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.totalPhotos = totalPhotos
        self.previewPhotos = previewPhotos
        self.user = user
    }
}

extension PhotoCollection: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, title, description, user
        case totalPhotos = "total_photos"
        case previewPhotos = "preview_photos"
    }

    /// Decodes an Unsplash collection; only `id` and `title` are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id: String
        if let text = try? container.decode(String.self, forKey: .id) {
            id = text
        } else {
            id = String(try container.decode(Int.self, forKey: .id))
        }
        self.init(
            id: id,
            title: try container.decode(String.self, forKey: .title),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            totalPhotos: try container.decodeCount(forKey: .totalPhotos) ?? 0,
            previewPhotos: try container.decodeIfPresent([PhotoPreview].self, forKey: .previewPhotos) ?? [],
            user: try container.decodeIfPresent(UserProfile.self, forKey: .user)
        )
    }

    /// Encodes the collection in Unsplash's shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(totalPhotos, forKey: .totalPhotos)
        try container.encode(previewPhotos, forKey: .previewPhotos)
        try container.encodeIfPresent(user, forKey: .user)
    }
}
