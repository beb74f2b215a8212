import Foundation
import SignalsPhotoDomain

/// The embedded catalog after loading: entities in their serving orders plus search indexes.
/// Immutable, so one instance can back any number of repositories.
final class Catalog: Sendable {
    /// The file's shape: Unsplash objects plus a map from collection ID to photo IDs.
    /// Photos and collections may embed just the user's `id`, `username` and `name`.
    private struct File: Decodable {
        var photos: [PhotoDetail]
        var users: [UserProfile]
        var collections: [PhotoCollection]
        var collectionPhotos: [String: [String]]

        enum CodingKeys: String, CodingKey {
            case photos, users, collections
            case collectionPhotos = "collection_photos"
        }

        init(photos: [PhotoDetail], users: [UserProfile], collections: [PhotoCollection], collectionPhotos: [String: [String]]) {
            self.photos = photos
            self.users = users
            self.collections = collections
            self.collectionPhotos = collectionPhotos
        }
    }

    /// Which of a photo's sizes an image URL points at.
    enum ImageSize: Sendable {
        case raw, full, regular, small, thumb, avatar
    }

    /// What the stand-in image for one URL looks like.
    struct ImageSource: Sendable {
        var color: String?
        var width: Int
        var height: Int
        var size: ImageSize
    }

    /// Photo details in file order; every other photo index refers to this array.
    let details: [PhotoDetail]
    let users: [UserProfile]
    let collections: [PhotoCollection]
    /// Photo indexes, newest first, then by ID.
    let editorialOrder: [Int]
    let photoIndexByID: [String: Int]
    /// For each image URL in the catalog, the photo (or user) it shows and its size.
    let images: [String: ImageSource]
    let photoSearch: SearchIndex
    let userSearch: SearchIndex
    let collectionSearch: SearchIndex

    /// A decoding failure in words about the catalog file (not about a server).
    private static func describe(_ error: NetworkError) -> String {
        switch error {
        case .decoding(let path, let reason):
            return path.isEmpty ? "catalog.json: \(reason)" : "catalog.json: \"\(path)\": \(reason)"
        case .invalidData(let reason):
            return "catalog.json: \(reason)"
        default:
            return "catalog.json: \(error.message)"
        }
    }

    /// Decodes and indexes a catalog file; throws `UseCaseError.catalogUnavailable`.
    ///
    /// Errors are about the local file, never "the server": a syntax error names its byte offset
    /// and field (`catalog.json is not valid JSON at byte 1234 (photos[3].likes): …`), a shape
    /// error the field (`catalog.json: "photos[0].width": expected Int …`).
    ///
    /// Why two readers of one schema: the entities' `Decodable` initializers must exist anyway
    /// (the Unsplash client decodes the same objects from the server), and they name a bad
    /// field precisely; but reading the bundled catalog through them takes more than twice as
    /// long as `CatalogJSON` + `CatalogReader`, paid at every Demo start. So the fast
    /// reader reads the file, and `JSONDecoder` runs only when it refuses a document, to decode
    /// it or to name the field. `CatalogReaderTests` checks that both agree on the bundled file.
    init(data: Data) throws(UseCaseError) {
        let root: CatalogJSON.Value
        switch CatalogJSON.parseDocument(data) {
        case .success(let value):
            root = value
        case .failure(let error):
            let place = error.path.isEmpty ? "" : " (\(error.path))"
            throw .catalogUnavailable(reason: "catalog.json is not valid JSON at byte \(error.offset)\(place): \(error.reason).")
        }
        let file: File
        if let contents = CatalogReader.read(root) {
            file = File(
                photos: contents.photos, users: contents.users,
                collections: contents.collections, collectionPhotos: contents.collectionPhotos
            )
        } else {
            // Valid JSON, but not what the fast reader expects: let `JSONDecoder` decode it or name the bad field.
            do {
                file = try PayloadDecoder().decode(File.self, from: data)
            } catch {
                throw .catalogUnavailable(reason: Self.describe(error))
            }
        }
        // Photos and collections embed only a reference to their user; complete it from `users`.
        let users = file.users
        var usersByID: [String: UserProfile] = [:]
        usersByID.reserveCapacity(users.count)
        for user in users where usersByID[user.id] == nil { usersByID[user.id] = user }
        var details = file.photos, collections = file.collections
        for index in details.indices {
            if let user = usersByID[details[index].photo.user.id] { details[index].photo.user = user }
        }
        for index in collections.indices {
            if let id = collections[index].user?.id, let user = usersByID[id] { collections[index].user = user }
        }
        self.details = details
        self.users = users
        self.collections = collections

        var photoIndexByID: [String: Int] = [:]
        photoIndexByID.reserveCapacity(details.count)
        for (index, detail) in details.enumerated() where photoIndexByID[detail.id] == nil {
            photoIndexByID[detail.id] = index
        }
        self.photoIndexByID = photoIndexByID

        let distantPast = Date(timeIntervalSince1970: -.greatestFiniteMagnitude)
        // Sort keys pulled out first: reading them through `details[i]` copies a whole photo per comparison.
        let dates = details.map { $0.photo.createdAt ?? distantPast }
        let ids = details.map(\.id)
        editorialOrder = details.indices.sorted { left, right in
            if dates[left] != dates[right] { return dates[left] > dates[right] }
            return ids[left] < ids[right]
        }

        var collectionTitlesByPhoto = [[String]](repeating: [], count: details.count)
        for collection in collections {
            for photoID in file.collectionPhotos[collection.id] ?? [] {
                if let index = photoIndexByID[photoID] { collectionTitlesByPhoto[index].append(collection.title) }
            }
        }

        photoSearch = SearchIndex(
            documents: details.indices.map { index in
                let photo = details[index].photo
                return [photo.description ?? "", photo.altDescription ?? "", photo.user.name, photo.user.username]
                    + photo.tags + collectionTitlesByPhoto[index]
            },
            popularityOrder: Self.popularityOrder(details.map { ($0.photo.likes, $0.id) })
        )
        userSearch = SearchIndex(
            documents: users.map { [$0.name, $0.username, $0.location ?? "", $0.bio ?? ""] },
            popularityOrder: Self.popularityOrder(users.map { ($0.totalPhotos, $0.id) })
        )
        collectionSearch = SearchIndex(
            documents: collections.map { [$0.title, $0.description ?? "", $0.user?.name ?? "", $0.user?.username ?? ""] },
            popularityOrder: Self.popularityOrder(collections.map { ($0.totalPhotos, $0.id) })
        )

        var images: [String: ImageSource] = [:]
        images.reserveCapacity(details.count * 5 + users.count * 3)
        for detail in details {
            let photo = detail.photo
            let sizes: [(URL, ImageSize)] = [
                (photo.urls.raw, .raw), (photo.urls.full, .full), (photo.urls.regular, .regular),
                (photo.urls.small, .small), (photo.urls.thumb, .thumb),
            ]
            for (url, size) in sizes {
                images[url.absoluteString] = ImageSource(color: photo.color, width: photo.width, height: photo.height, size: size)
            }
        }
        for user in users {
            for url in [user.profileImage?.small, user.profileImage?.medium, user.profileImage?.large] {
                if let url { images[url.absoluteString] = ImageSource(color: "#808080", width: 1, height: 1, size: .avatar) }
            }
        }
        self.images = images
    }

    /// Indexes ordered by popularity descending, then ID ascending.
    private static func popularityOrder(_ entries: [(popularity: Int, id: String)]) -> [Int] {
        entries.indices.sorted { left, right in
            if entries[left].popularity != entries[right].popularity {
                return entries[left].popularity > entries[right].popularity
            }
            return entries[left].id < entries[right].id
        }
    }
}
