/// One search result: a photo, a collection or a user, depending on the `SearchScope`.
public enum SearchResultItem: Sendable, Hashable, Identifiable {
    /// A photo, from a `.photos` search.
    case photo(Photo)
    /// A collection, from a `.collections` search.
    case collection(PhotoCollection)
    /// A user, from a `.users` search.
    case user(UserProfile)

    /// The result's ID, prefixed by its kind so results of different scopes never collide.
    public var id: String {
        switch self {
        case .photo(let photo): "photo:\(photo.id)"
        case .collection(let collection): "collection:\(collection.id)"
        case .user(let user): "user:\(user.id)"
        }
    }

    /// The scope this result belongs to.
    public var scope: SearchScope {
        switch self {
        case .photo: .photos
        case .collection: .collections
        case .user: .users
        }
    }

    /// The photo, when this is a photo result.
    public var photo: Photo? {
        if case .photo(let photo) = self { photo } else { nil }
    }

    /// The collection, when this is a collection result.
    public var collection: PhotoCollection? {
        if case .collection(let collection) = self { collection } else { nil }
    }

    /// The user, when this is a user result.
    public var user: UserProfile? {
        if case .user(let user) = self { user } else { nil }
    }
}
