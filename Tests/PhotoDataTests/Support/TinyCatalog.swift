import Foundation
import SignalsPhotoData
import SignalsPhotoDomain

/// Builds small catalogs in the bundled file's format, for exact search and ranking tests.
struct TinyCatalog {
    var photos: [PhotoDetail] = []
    var users: [UserProfile] = []
    var collections: [PhotoCollection] = []
    var collectionPhotos: [String: [String]] = [:]

    static func user(_ id: String, name: String, username: String? = nil, location: String? = nil, totalPhotos: Int = 0) -> UserProfile {
        UserProfile(id: id, username: username ?? id, name: name, location: location, totalPhotos: totalPhotos)
    }

    static func photo(
        _ id: String,
        description: String? = nil,
        tags: [String] = [],
        likes: Int = 0,
        by user: UserProfile = user("nobody", name: "Nobody"),
        created: TimeInterval = 0
    ) -> PhotoDetail {
        let url = URL(string: "https://images.example.com/\(id)")!
        return PhotoDetail(photo: Photo(
            id: id, width: 300, height: 200, color: "#336699", description: description,
            urls: PhotoURLs(raw: url, full: url, regular: url, small: url, thumb: url),
            user: user, likes: likes, createdAt: Date(timeIntervalSince1970: created), tags: tags
        ))
    }

    func repository(_ configuration: EmbeddedPhotoRepository.Configuration = .init()) throws -> EmbeddedPhotoRepository {
        struct File: Encodable {
            var photos: [PhotoDetail]
            var users: [UserProfile]
            var collections: [PhotoCollection]
            var collection_photos: [String: [String]]
        }
        let data = try JSONEncoder().encode(File(photos: photos, users: users, collections: collections, collection_photos: collectionPhotos))
        return try EmbeddedPhotoRepository(catalogData: data, configuration: configuration)
    }
}

extension Page<SearchResultItem> {
    /// The IDs of the entities on this page, without the scope prefix.
    var entityIDs: [String] {
        items.map { item in
            switch item {
            case .photo(let photo): photo.id
            case .collection(let collection): collection.id
            case .user(let user): user.id
            }
        }
    }
}
