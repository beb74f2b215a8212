import Foundation

/// A photographer or curator, in the shape of an Unsplash user.
public struct UserProfile: Sendable, Hashable, Identifiable {
    /// The Unsplash user ID.
    public var id: String
    /// The unique handle, without the `@`.
    public var username: String
    /// The display name; the username when the server sends none.
    public var name: String
    /// A short biography, if the user wrote one.
    public var bio: String?
    /// Where the user says they are, if anywhere.
    public var location: String?
    /// The avatar URLs, if the server sent them.
    public var profileImage: ProfileImageURLs?
    /// How many photos the user has published.
    public var totalPhotos: Int

    /// Creates a user profile.
    public init(
        id: String,
        username: String,
        name: String,
        bio: String? = nil,
        location: String? = nil,
        profileImage: ProfileImageURLs? = nil,
        totalPhotos: Int = 0
    ) {
        self.id = id
        self.username = username
        self.name = name
        self.bio = bio
        self.location = location
        self.profileImage = profileImage
        self.totalPhotos = totalPhotos
    }
}

extension UserProfile: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, username, name, bio, location
        case profileImage = "profile_image"
        case totalPhotos = "total_photos"
    }

    /// Decodes an Unsplash user; only `id` and `username` are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let username = try container.decode(String.self, forKey: .username)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            username: username,
            name: try container.decodeIfPresent(String.self, forKey: .name) ?? username,
            bio: try container.decodeIfPresent(String.self, forKey: .bio),
            location: try container.decodeIfPresent(String.self, forKey: .location),
            profileImage: try container.decodeIfPresent(ProfileImageURLs.self, forKey: .profileImage),
            totalPhotos: try container.decodeCount(forKey: .totalPhotos) ?? 0
        )
    }

    /// Encodes the user in Unsplash's shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(name, forKey: .name)
        try container.encode(bio, forKey: .bio)
        try container.encode(location, forKey: .location)
        try container.encodeIfPresent(profileImage, forKey: .profileImage)
        try container.encode(totalPhotos, forKey: .totalPhotos)
    }
}
