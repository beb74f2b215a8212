/// What a detail pager decides by itself, free of threads, time and I/O: the photo shown, the
/// info overlay, the one dismissal, and when to ask the list for more.
///
/// Each event-named method returns its effects in the order the outputs show them;
/// ``PhotoDetailViewModel`` applies them. Photos are known by index and count only: the view
/// model looks them up.
///
/// ```swift
/// var state = PhotoDetailState(selectedIndex: 2, photoCount: 40)
/// state.started(photoCount: 40)              // [.showPhoto(at: 2, photoCount: 40)]
/// state.pageChanged(to: 39, photoCount: 40)  // [.showPhoto(at: 39, …), .cancelInfo, .loadMore]
/// state.pulledDown(distance: 300)            // [.dismiss(at: 39)]
/// ```
///
/// Rules:
/// - The selected index is clamped into the photos counted at creation (`0` when there are
///   none); each session starts there, with the info overlay hidden and no dismissal yet.
/// - A page change to an index outside the photos, or to the current one, changes nothing.
/// - Showing the last photo (at the start of a session or by a page change) loads more.
/// - Moving to another photo cancels the info request in flight; a new info request cancels
///   the one in flight first, and is made only while a photo is shown.
/// - When photos are inserted into a list that holds fewer photos than the current index
///   (refreshed underneath), the current index is clamped to the last photo.
/// - A pull-down past ``dismissThreshold`` dismisses at the current index, once per session.
public struct PhotoDetailState: Sendable, Equatable {
    /// A change for the view model to make, in order.
    public enum Effect: Sendable, Equatable {
        /// Show the photo at `index` among `photoCount`: its photographer, its position and
        /// `currentIndex`.
        case showPhoto(at: Int, photoCount: Int)
        /// Set `isInfoHidden`.
        case showInfo(hidden: Bool)
        /// Emit `insertedIndexPaths` for these indices.
        case showInserted(Range<Int>)
        /// Emit `dismiss` with this index.
        case dismiss(at: Int)
        /// Ask the list for its next page.
        case loadMore
        /// Load the details of the photo at this index.
        case loadInfo(at: Int)
        /// Cancel the info request in flight, if any.
        case cancelInfo
    }

    /// The index every session starts at, clamped into the photos counted at creation.
    public let selectedIndex: Int
    /// The pull-down distance, in points, that dismisses once passed.
    public let dismissThreshold: Double
    /// The index of the photo shown now.
    public private(set) var currentIndex: Int
    /// Whether the info overlay is hidden.
    public private(set) var isInfoHidden = true
    /// Whether this session has dismissed already.
    public private(set) var hasDismissed = false

    /// Creates the state of a pager over `photoCount` photos opened at `selectedIndex`
    /// (clamped into them) that a pull-down past `dismissThreshold` points dismisses.
    public init(selectedIndex: Int, photoCount: Int, dismissThreshold: Double = PhotoDetailViewModel.dismissThreshold) {
        let clamped = photoCount == 0 ? 0 : min(max(selectedIndex, 0), photoCount - 1)
        self.selectedIndex = clamped
        self.currentIndex = clamped
        self.dismissThreshold = dismissThreshold
    }

    /// A session started over `photoCount` photos: back to the selected index, the overlay
    /// hidden, no dismissal yet.
    public mutating func started(photoCount: Int) -> [Effect] {
        currentIndex = selectedIndex
        isInfoHidden = true
        hasDismissed = false
        return [.showPhoto(at: currentIndex, photoCount: photoCount)] + loadMoreIfAtEnd(photoCount: photoCount)
    }

    /// The pager settled on the photo at `index` among `photoCount`.
    public mutating func pageChanged(to index: Int, photoCount: Int) -> [Effect] {
        guard (0..<photoCount).contains(index), index != currentIndex else { return [] }
        currentIndex = index
        return [.showPhoto(at: index, photoCount: photoCount), .cancelInfo] + loadMoreIfAtEnd(photoCount: photoCount)
    }

    /// The list appended the photos at `range` and holds `photoCount` now.
    public mutating func inserted(_ range: Range<Int>, photoCount: Int) -> [Effect] {
        let previous = currentIndex
        if currentIndex >= photoCount { currentIndex = max(0, photoCount - 1) }
        let cancel: [Effect] = currentIndex == previous ? [] : [.cancelInfo]
        return [.showPhoto(at: currentIndex, photoCount: photoCount)] + cancel + [.showInserted(range)]
    }

    /// The user tapped the image: the info overlay toggles.
    public mutating func imageTapped() -> [Effect] {
        isInfoHidden.toggle()
        return [.showInfo(hidden: isInfoHidden)]
    }

    /// The user pulled the photo down by `distance` points.
    public mutating func pulledDown(distance: Double) -> [Effect] {
        guard !hasDismissed, distance > dismissThreshold else { return [] }
        hasDismissed = true
        return [.dismiss(at: currentIndex)]
    }

    /// The user asked for the information of the current photo, among `photoCount`.
    public func infoRequested(photoCount: Int) -> [Effect] {
        guard (0..<photoCount).contains(currentIndex) else { return [] }
        return [.cancelInfo, .loadInfo(at: currentIndex)]
    }

    private func loadMoreIfAtEnd(photoCount: Int) -> [Effect] {
        photoCount > 0 && currentIndex == photoCount - 1 ? [.loadMore] : []
    }
}
