/// What a search looks for: photos, collections or users (Unsplash's three search endpoints).
public enum SearchScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// Search photos by description, tags, photographer and collection.
    case photos
    /// Search collections by title, description and curator.
    case collections
    /// Search users by name, username and location.
    case users

    /// A capitalised title for a scope bar, such as `Photos`.
    public var title: String {
        switch self {
        case .photos: "Photos"
        case .collections: "Collections"
        case .users: "Users"
        }
    }
}
