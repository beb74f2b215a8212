import Foundation
import SignalsPhotoDomain

/// Builds catalog entities from a `CatalogJSON.Value` tree with the same rules as the entities'
/// `Decodable` initializers (missing or `null` optionals default; `urls` sizes fall back to
/// one another). Returns `nil` at the first thing it does not expect, so the caller can fall
/// back to `JSONDecoder` for a precise error.
package enum CatalogReader {
    /// The decoded contents of a catalog file.
    package struct Contents {
        package var photos: [PhotoDetail]
        package var users: [UserProfile]
        package var collections: [PhotoCollection]
        package var collectionPhotos: [String: [String]]
    }

    /// Reads a whole catalog file; `nil` if anything in it is not as expected.
    package static func read(_ data: Data) -> Contents? {
        CatalogJSON.parse(data).flatMap(read)
    }

    /// Reads a parsed catalog; `nil` if anything in it is not as expected.
    package static func read(_ root: CatalogJSON.Value) -> Contents? {
        guard case .array(let photoValues)? = root["photos"],
              case .array(let userValues)? = root["users"],
              case .array(let collectionValues)? = root["collections"],
              case .object(let membership)? = root["collection_photos"]
        else { return nil }
        var photos: [PhotoDetail] = []
        photos.reserveCapacity(photoValues.count)
        for value in photoValues {
            guard let detail = detail(value) else { return nil }
            photos.append(detail)
        }
        var users: [UserProfile] = []
        for value in userValues {
            guard let user = user(value) else { return nil }
            users.append(user)
        }
        var collections: [PhotoCollection] = []
        for value in collectionValues {
            guard let collection = collection(value) else { return nil }
            collections.append(collection)
        }
        var collectionPhotos: [String: [String]] = [:]
        for (key, value) in membership {
            guard case .array(let ids) = value else { return nil }
            var photoIDs: [String] = []
            for id in ids {
                guard case .string(let text) = id else { return nil }
                photoIDs.append(text)
            }
            collectionPhotos[key] = photoIDs
        }
        return Contents(photos: photos, users: users, collections: collections, collectionPhotos: collectionPhotos)
    }

    // MARK: Fields. Each returns `.some(nil)` for missing or null, `nil` for a wrong type.

    private static func string(_ value: CatalogJSON.Value?) -> String?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        default: return nil
        }
    }

    private static func integer(_ value: CatalogJSON.Value?) -> Int?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .number(let number)? where number.rounded() == number && abs(number) < 1e15: return .some(Int(exactly: number))
        default: return nil
        }
    }

    /// A count, like `decodeCount`: a negative one reads as 0.
    private static func count(_ value: CatalogJSON.Value?) -> Int?? {
        integer(value).map { $0.map { max(0, $0) } }
    }

    private static func double(_ value: CatalogJSON.Value?) -> Double?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .number(let number)?: return .some(number)
        default: return nil
        }
    }

    /// Text that may arrive as a number, like `FlexibleText`.
    private static func flexibleText(_ value: CatalogJSON.Value?) -> String?? {
        if case .number(let number)? = value {
            return .some(number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number))
        }
        return string(value)
    }

    /// An integer that may arrive as text or a fraction, like `FlexibleInteger`.
    private static func flexibleInteger(_ value: CatalogJSON.Value?) -> Int?? {
        switch value {
        case .number(let number)?:
            return .some(number.isFinite && abs(number) < 1e15 ? Int(exactly: number.rounded(.towardZero)) : nil)
        case .string(let text)?:
            return .some(Int(text) ?? Double(text).flatMap { $0.isFinite && abs($0) < 1e15 ? Int(exactly: $0.rounded(.towardZero)) : nil })
        default:
            return string(value).map { _ in nil }
        }
    }

    // MARK: Entities

    private static func detail(_ value: CatalogJSON.Value) -> PhotoDetail? {
        guard let photo = photo(value) else { return nil }
        var exif: PhotoExif?
        if case .object? = value["exif"] {
            let fields = value["exif"]!
            guard let make = flexibleText(fields["make"]), let model = flexibleText(fields["model"]),
                  let exposure = flexibleText(fields["exposure_time"]), let aperture = flexibleText(fields["aperture"]),
                  let focal = flexibleText(fields["focal_length"]), let iso = flexibleInteger(fields["iso"])
            else { return nil }
            exif = PhotoExif(make: make, model: model, exposureTime: exposure, aperture: aperture, focalLength: focal, iso: iso)
        } else if !isAbsent(value["exif"]) {
            return nil
        }
        var location: PhotoLocation?
        if case .object? = value["location"] {
            let fields = value["location"]!
            guard let name = string(fields["name"]), let city = string(fields["city"]), let country = string(fields["country"])
            else { return nil }
            var latitude: Double?, longitude: Double?
            if case .object? = fields["position"] {
                guard let lat = double(fields["position"]?["latitude"]), let lon = double(fields["position"]?["longitude"])
                else { return nil }
                (latitude, longitude) = (lat, lon)
            } else if !isAbsent(fields["position"]) {
                return nil
            }
            location = PhotoLocation(name: name, city: city, country: country, latitude: latitude, longitude: longitude)
        } else if !isAbsent(value["location"]) {
            return nil
        }
        guard let views = count(value["views"]), let downloads = count(value["downloads"]) else { return nil }
        return PhotoDetail(photo: photo, exif: exif, location: location, views: views, downloads: downloads)
    }

    private static func photo(_ value: CatalogJSON.Value) -> Photo? {
        guard case .string(let id)? = value["id"],
              let width = count(value["width"]), let height = count(value["height"]),
              let color = string(value["color"]), let description = string(value["description"]),
              let altDescription = string(value["alt_description"]),
              let urlsValue = value["urls"], let urls = urls(urlsValue),
              let userValue = value["user"], let user = user(userValue),
              let likes = count(value["likes"]), let createdAt = string(value["created_at"])
        else { return nil }
        var tags: [String] = []
        switch value["tags"] {
        case nil, .null?:
            break
        case .array(let tagValues)?:
            for tag in tagValues {
                switch tag {
                case .string(let title): tags.append(title)
                case .object: guard case .string(let title)? = tag["title"] else { return nil }; tags.append(title)
                default: return nil
                }
            }
        default:
            return nil
        }
        return Photo(
            id: id, width: width ?? 0, height: height ?? 0, color: color, description: description,
            altDescription: altDescription, urls: urls, user: user, likes: likes ?? 0,
            createdAt: createdAt.flatMap(Timestamp.date(from:)), tags: tags
        )
    }

    private static func urls(_ value: CatalogJSON.Value) -> PhotoURLs? {
        guard case .object = value else { return nil }
        var found: [URL?] = []
        for key in ["raw", "full", "regular", "small", "thumb"] {
            guard let text = string(value[key]) else { return nil }
            found.append(text.flatMap(URL.init(string:)))
        }
        // Same fallback as `PhotoURLs.init(from:)`: the next smaller size, then the next larger.
        func resolve(_ index: Int) -> URL? {
            found[index...].lazy.compactMap { $0 }.first ?? found[..<index].reversed().lazy.compactMap { $0 }.first
        }
        guard let raw = resolve(0), let full = resolve(1), let regular = resolve(2), let small = resolve(3), let thumb = resolve(4)
        else { return nil }
        return PhotoURLs(raw: raw, full: full, regular: regular, small: small, thumb: thumb)
    }

    private static func user(_ value: CatalogJSON.Value) -> UserProfile? {
        guard case .string(let id)? = value["id"], case .string(let username)? = value["username"],
              let name = string(value["name"]), let bio = string(value["bio"]), let location = string(value["location"]),
              let totalPhotos = count(value["total_photos"])
        else { return nil }
        var profileImage: ProfileImageURLs?
        if case .object? = value["profile_image"] {
            let images = value["profile_image"]!
            guard let small = string(images["small"]), let medium = string(images["medium"]), let large = string(images["large"])
            else { return nil }
            profileImage = ProfileImageURLs(
                small: small.flatMap(URL.init(string:)),
                medium: medium.flatMap(URL.init(string:)),
                large: large.flatMap(URL.init(string:))
            )
        } else if !isAbsent(value["profile_image"]) {
            return nil
        }
        return UserProfile(
            id: id, username: username, name: name ?? username, bio: bio, location: location,
            profileImage: profileImage, totalPhotos: totalPhotos ?? 0
        )
    }

    private static func collection(_ value: CatalogJSON.Value) -> PhotoCollection? {
        let id: String
        switch value["id"] {
        case .string(let text)?: id = text
        case .number(let number)? where number.rounded() == number && abs(number) < 1e15: id = String(Int64(number))
        default: return nil
        }
        guard case .string(let title)? = value["title"],
              let description = string(value["description"]),
              let totalPhotos = count(value["total_photos"])
        else { return nil }
        var previews: [PhotoPreview] = []
        switch value["preview_photos"] {
        case nil, .null?:
            break
        case .array(let previewValues)?:
            for preview in previewValues {
                guard case .string(let previewID)? = preview["id"], let urlsValue = preview["urls"], let urls = urls(urlsValue)
                else { return nil }
                previews.append(PhotoPreview(id: previewID, urls: urls))
            }
        default:
            return nil
        }
        var user: UserProfile?
        if let userValue = value["user"], case .object = userValue {
            guard let decoded = self.user(userValue) else { return nil }
            user = decoded
        } else if !isAbsent(value["user"]) {
            return nil
        }
        return PhotoCollection(
            id: id, title: title, description: description, totalPhotos: totalPhotos ?? 0,
            previewPhotos: previews, user: user
        )
    }

    private static func isAbsent(_ value: CatalogJSON.Value?) -> Bool {
        switch value {
        case nil, .null?: true
        default: false
        }
    }
}
