import Foundation
import PhotoDomain

/// What a photo cell decides by itself, free of threads, time and I/O: the photo shown, whether
/// the cell is displayed, and when to load, cancel or clear its image.
///
/// Each event-named method returns its effects in the order the outputs show them;
/// ``PhotoCellViewModel`` applies them and reports each load's outcome back.
///
/// ```swift
/// var state = PhotoCellState(photo: photo, imageSize: .small)
/// state.displayed()          // [.showLoading(true), .load(photo.urls.small)]
/// state.loaded(.success(d))  // [.showImage(d), .showLoading(false)]
/// state.endedDisplaying()    // []: no load in flight, the image stays
/// state.configured(other)    // [.showImage(nil), .showLabels(of: other)]
/// ```
///
/// Rules:
/// - Being displayed (or configured while displayed) loads the image when the cell shows a
///   photo, has no image and is not loading one; stopping being displayed cancels the load.
/// - Configuring another photo cancels the load, clears the image and shows the new labels;
///   configuring the same photo changes nothing.
/// - A failed load leaves no image, so the next display loads again.
/// - An outcome with no load in flight (the load was cancelled) is dropped.
/// - Each session starts over: the initial photo, not displayed, no image, no load.
public struct PhotoCellState: Sendable, Equatable {
    /// A change for the view model to make, in order.
    public enum Effect: Sendable, Equatable {
        /// Show the photographer's name and placeholder colour of this photo (blank for `nil`).
        case showLabels(of: Photo?)
        /// Set `image` (`nil` clears it).
        case showImage(Data?)
        /// Set `isLoading`.
        case showLoading(Bool)
        /// Load the image at this URL, ending the load in flight.
        case load(URL)
        /// Cancel the load in flight.
        case cancelLoad
    }

    /// Which sized image the cell loads.
    public let imageSize: PhotoImageSize
    /// The photo each session starts with.
    public let initialPhoto: Photo?
    /// The photo the cell shows now, if any.
    public private(set) var photo: Photo?
    /// Whether the cell is displayed.
    public private(set) var isDisplayed = false
    /// Whether the current photo's image is shown.
    public private(set) var hasImage = false
    /// Whether a load is in flight.
    public private(set) var isLoading = false

    /// Creates the state of a cell showing `photo` (if given) that loads its `imageSize` image.
    public init(photo: Photo?, imageSize: PhotoImageSize) {
        self.initialPhoto = photo
        self.photo = photo
        self.imageSize = imageSize
    }

    /// A session started: back to the initial photo, not displayed, with no image and no load.
    public mutating func started() -> [Effect] {
        self = PhotoCellState(photo: initialPhoto, imageSize: imageSize)
        return [.showLabels(of: photo)]
    }

    /// The cell was configured (or reused) for `photo`.
    public mutating func configured(_ photo: Photo) -> [Effect] {
        guard photo != self.photo else { return [] }
        self.photo = photo
        let effects = cancelLoad() + clearImage() + [.showLabels(of: photo)]
        return isDisplayed ? effects + loadIfNeeded() : effects
    }

    /// The cell is about to be displayed.
    public mutating func displayed() -> [Effect] {
        isDisplayed = true
        return loadIfNeeded()
    }

    /// The cell stopped being displayed: the load in flight is cancelled, the image stays.
    public mutating func endedDisplaying() -> [Effect] {
        isDisplayed = false
        return cancelLoad()
    }

    /// The load in flight delivered `result`: bytes are shown, a failure leaves no image.
    public mutating func loaded(_ result: Result<Data, UseCaseError>) -> [Effect] {
        guard isLoading else { return [] }
        isLoading = false
        guard case .success(let data) = result else { return [.showLoading(false)] }
        hasImage = true
        return [.showImage(data), .showLoading(false)]
    }

    /// The load in flight finished, with or without a result.
    public mutating func loadEnded() -> [Effect] {
        guard isLoading else { return [] }
        isLoading = false
        return [.showLoading(false)]
    }

    /// Loads the current photo's image unless it is shown or loading. The load comes last, so
    /// an outcome delivered at once is handled after the other effects.
    private mutating func loadIfNeeded() -> [Effect] {
        guard let photo, !hasImage, !isLoading else { return [] }
        isLoading = true
        return [.showLoading(true), .load(imageSize.url(in: photo.urls))]
    }

    private mutating func cancelLoad() -> [Effect] {
        guard isLoading else { return [] }
        isLoading = false
        return [.cancelLoad, .showLoading(false)]
    }

    private mutating func clearImage() -> [Effect] {
        guard hasImage else { return [] }
        hasImage = false
        return [.showImage(nil)]
    }
}
