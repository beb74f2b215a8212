import Foundation

/// Everything known about one photo, as Unsplash returns it from `GET /photos/:id`.
public struct PhotoDetail: Sendable, Hashable, Identifiable {
    /// The photo itself.
    public var photo: Photo
    /// Camera settings, if recorded.
    public var exif: PhotoExif?
    /// Where it was taken, if recorded.
    public var location: PhotoLocation?
    /// How many times it was viewed, if the server said.
    public var views: Int?
    /// How many times it was downloaded, if the server said.
    public var downloads: Int?

    /// The photo's ID.
    public var id: String { photo.id }

    /// Creates a photo detail.
    public init(
        photo: Photo,
        exif: PhotoExif? = nil,
        location: PhotoLocation? = nil,
        views: Int? = nil,
        downloads: Int? = nil
    ) {
        self.photo = photo
        self.exif = exif
        self.location = location
        self.views = views
        self.downloads = downloads
    }
}

extension PhotoDetail: Codable {
    private enum CodingKeys: String, CodingKey {
        case exif, location, views, downloads
    }

    /// Decodes the flat Unsplash object: the photo's fields plus `exif`, `location`, `views`, `downloads`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            photo: try Photo(from: decoder),
            exif: try container.decodeIfPresent(PhotoExif.self, forKey: .exif),
            location: try container.decodeIfPresent(PhotoLocation.self, forKey: .location),
            views: try container.decodeCount(forKey: .views),
            downloads: try container.decodeCount(forKey: .downloads)
        )
    }

    /// Encodes the detail as one flat Unsplash object.
    public func encode(to encoder: any Encoder) throws {
        try photo.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(exif, forKey: .exif)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(views, forKey: .views)
        try container.encodeIfPresent(downloads, forKey: .downloads)
    }
}
