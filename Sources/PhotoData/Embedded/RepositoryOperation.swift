/// The kinds of call a `PhotoRepository` serves, for choosing which ones simulated failures hit.
public enum RepositoryOperation: String, Sendable, Hashable, CaseIterable {
    /// `editorialPhotos(page:perPage:)`.
    case editorial
    /// `search(_:query:page:perPage:)`.
    case search
    /// `photoDetail(id:)`.
    case detail
    /// `imageData(from:)`.
    case image
}
