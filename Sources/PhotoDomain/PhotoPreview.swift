import Foundation

/// A photo as it appears in a collection's `preview_photos`: an ID and image URLs only.
public struct PhotoPreview: Sendable, Hashable, Codable, Identifiable {
    /// The Unsplash photo ID.
    public var id: String
    /// The sized image URLs.
    public var urls: PhotoURLs

    /// Creates a preview.
    public init(id: String, urls: PhotoURLs) {
        self.id = id
        self.urls = urls
    }
}
