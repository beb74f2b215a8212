import Foundation
import SignalsPhotoDomain

/// Which of a photo's sized images to load.
public enum PhotoImageSize: Sendable, Hashable, CaseIterable {
    /// The original image, unprocessed.
    case raw
    /// The full-resolution image.
    case full
    /// The image 1080 pixels wide.
    case regular
    /// The image 400 pixels wide.
    case small
    /// The image 200 pixels wide.
    case thumb

    /// The URL of this size among `urls`.
    public func url(in urls: PhotoURLs) -> URL {
        switch self {
        case .raw: urls.raw
        case .full: urls.full
        case .regular: urls.regular
        case .small: urls.small
        case .thumb: urls.thumb
        }
    }
}
