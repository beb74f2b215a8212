import Core

/// A photo, as every feature shows it.
public struct Photo: Identifiable, Equatable, Sendable {
    /// The photo's identifier.
    public let id: Int
    /// The words the photo is described by.
    public let title: String

    /// Creates a photo.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
