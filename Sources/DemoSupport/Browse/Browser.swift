import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals

/// `swift run Demo browse`: a full-screen photo browser made only of the library's view
/// models — ``ListFeature/PhotoListViewModel`` (the editorial list), ``SearchFeature/SearchViewModel``
/// (instant search with scopes), ``ListFeature/PhotoCellViewModel`` (the preview's bytes) and
/// ``ListFeature/PhotoDetailViewModel`` (the pager). Keys become inputs; the screen is a
/// ``Frame`` computed from what the outputs said, so tests read exactly what a person sees.
///
/// Keys on the list: type to search (instant, debounced), ↑/↓ and Page Up/Down move the
/// selection (the list pages as it nears the end), Enter opens the photo, Tab / Shift-Tab
/// change the scope, Esc clears the search, Ctrl-R retries after an error, Ctrl-C or Ctrl-D
/// quits. In the pager: ←/→ page, `i` toggles the info, Esc (or `q`) closes.
///
/// ```swift
/// let browser = Browser(service: service, scheduler: .main, size: TerminalSize(rows: 24, columns: 80))
/// browser.start()
/// browser.handle(.character("c"))
/// print(browser.frame().text.joined(separator: "\n"))
/// ```
@MainActor
package final class Browser {
    /// Results per page.
    package static let pageSize = 20
    /// How long typing pauses before the text is searched.
    package static let searchDelay: Duration = .milliseconds(300)

    /// The pager on screen, with its own preview cell.
    final class OpenDetail {
        let viewModel: PhotoDetailViewModel
        let input = PhotoDetailViewModel.Input()
        let cell: PhotoCellViewModel
        let cellInput = PhotoCellViewModel.Input()
        let bag = CancellableBag()
        var title = ""
        var position = ""
        var index = 0
        var isInfoHidden = true
        var info: PhotoDetail?
        var isLoadingInfo = false
        var error: String?
        var image: Preview?

        init(viewModel: PhotoDetailViewModel, cell: PhotoCellViewModel) {
            self.viewModel = viewModel
            self.cell = cell
        }
    }

    /// Image bytes a cell loaded, for one photo, decoded when they are an image we can draw.
    struct Preview {
        let photoID: String
        let image: PixelImage?
        let byteCount: Int
    }

    /// Counts the requests of every view model on this screen.
    package let counter = RequestCounter()
    /// Called after any output changed what the screen shows (the runner draws again).
    package var onChange: (() -> Void)?
    /// The screen's size.
    package private(set) var size: TerminalSize

    let title: String
    let bag = CancellableBag()
    let list: PhotoListViewModel
    let listInput = PhotoListViewModel.Input()
    let search: SearchViewModel
    let searchInput = SearchViewModel.Input()
    let previewCell: PhotoCellViewModel
    let previewInput = PhotoCellViewModel.Input()
    let service: PhotoService
    let scheduler: any Scheduler
    var detail: OpenDetail?

    var field = LineEditor()
    var hasBegunEditing = false
    var searchedQuery = ""
    var scope = SearchScope.photos
    var results = SearchResults.empty
    var isListLoading = false
    var isSearchLoading = false
    var isListEmpty = false
    var hasResults = true
    var listError: String?
    var searchError: String?
    var validationMessage: String?
    var selection = 0
    var top = 0
    var preview: Preview?
    var isPreviewLoading = false

    /// Creates a browser over `service` (its requests are counted by ``counter``), with the
    /// view models on `scheduler`, drawing `size` frames. `title` names the source and options.
    package init(service: PhotoService, scheduler: any Scheduler, size: TerminalSize, title: String = "") {
        let counted = counter.route(service)
        self.service = counted
        self.scheduler = scheduler
        self.size = size
        self.title = title
        list = PhotoListViewModel(service: counted, scheduler: scheduler, pageSize: Self.pageSize)
        search = SearchViewModel(
            service: counted, scheduler: scheduler, pageSize: Self.pageSize, instantSearchDelay: Self.searchDelay
        )
        previewCell = PhotoCellViewModel(loader: list.imageLoader, scheduler: scheduler, imageSize: .small)
    }

    /// Wires the view models and loads the editorial list.
    package func start() {
        bindList()
        bindSearch()
        bindPreview()
        previewInput.displayed.fire()
        listInput.appeared.fire()
    }

    /// Whether the photo pager is open.
    package var isDetailOpen: Bool { detail != nil }

    /// The query the search field shows.
    package var fieldText: String { field.text }

    /// Takes a new screen size (the terminal was resized).
    package func resize(to newSize: TerminalSize) {
        size = newSize
        scrollToSelection()
    }

    // MARK: - Keys

    /// Applies one key; returns `false` when the key quits the browser.
    @discardableResult
    package func handle(_ key: Key) -> Bool {
        switch key {
        case .control("c"), .control("d"):
            return false
        default:
            break
        }
        if let detail {
            handleDetail(key, detail)
        } else {
            handleList(key)
        }
        return true
    }

    func handleList(_ key: Key) {
        switch key {
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelection(by: -max(1, listRows - 1))
        case .pageDown: moveSelection(by: max(1, listRows - 1))
        case .enter:
            guard selection < itemCount else { return }
            if isSearching { searchInput.itemSelected.send(selection) } else { listInput.itemSelected.send(selection) }
        case .tab, .backTab:
            let scopes = SearchScope.allCases
            let index = scopes.firstIndex(of: scope) ?? 0
            let next = (index + (key == .tab ? 1 : scopes.count - 1)) % scopes.count
            searchInput.scopeSelected.send(scopes[next])
        case .escape:
            guard hasBegunEditing || !field.text.isEmpty else { return }
            field = LineEditor()
            hasBegunEditing = false
            searchInput.cancelTapped.fire()
        case .control("r"):
            if isSearching, searchError != nil {
                searchInput.retryTapped.fire()
            } else if !isSearching, listError != nil {
                listInput.retry.fire()
            }
        case .character, .backspace, .delete, .left, .right, .home, .end,
             .control("a"), .control("e"), .control("u"), .control("w"), .control("k"), .control("h"):
            let before = field.text
            field.handle(key)
            guard field.text != before else { return }
            if !hasBegunEditing {
                hasBegunEditing = true
                searchInput.editingBegan.fire()
            }
            searchInput.queryChanged.send(field.text)
        default:
            break
        }
    }

    func handleDetail(_ key: Key, _ detail: OpenDetail) {
        switch key {
        case .left:
            if detail.index > 0 { detail.input.pageChanged.send(detail.index - 1) }
        case .right:
            if detail.index + 1 < detail.viewModel.photos.count { detail.input.pageChanged.send(detail.index + 1) }
        case .character("i"):
            detail.input.imageTapped.fire()
        case .control("r"):
            if detail.error != nil { detail.input.infoRequested.fire() } else if listError != nil { listInput.retry.fire() }
        case .escape, .character("q"):
            detail.input.pulledDown.send(PhotoDetailViewModel.dismissThreshold + 1)
        default:
            break
        }
    }

    // MARK: - The list and the search

    var isSearching: Bool { !searchedQuery.isEmpty }

    var itemCount: Int { isSearching ? results.count : list.photos.count }

    /// The photo of the selected row, if it is a photo.
    var selectedPhoto: Photo? {
        guard selection < itemCount else { return nil }
        if !isSearching { return list.photo(at: selection) }
        if case .photo(let photo) = results[selection] { return photo }
        return nil
    }

    func moveSelection(by offset: Int) {
        guard itemCount > 0 else { return }
        let newSelection = max(0, min(itemCount - 1, selection + offset))
        guard newSelection != selection else {
            // At the end: still "displayed", so a failed page is not retried, but a new one is asked for.
            selectionDisplayed()
            return
        }
        selection = newSelection
        scrollToSelection()
        selectionDisplayed()
    }

    /// Tells the view model the selected row is displayed (it pages near the end) and shows
    /// the selected photo in the preview.
    func selectionDisplayed() {
        guard selection < itemCount else { return }
        if isSearching { searchInput.itemDisplayed.send(selection) } else { listInput.itemDisplayed.send(selection) }
        if let photo = selectedPhoto, previewCell.photo?.id != photo.id {
            preview = nil
            previewInput.configured.send(photo)
        }
    }

    /// After the rows changed: keeps the selection in range and the preview in step.
    func rowsChanged(reset: Bool) {
        if reset {
            selection = 0
            top = 0
        }
        selection = max(0, min(selection, itemCount - 1))
        scrollToSelection()
        if let photo = selectedPhoto, previewCell.photo?.id != photo.id {
            preview = nil
            previewInput.configured.send(photo)
        }
        changed()
    }

    func scrollToSelection() {
        let rows = max(1, listRows)
        if selection < top { top = selection }
        if selection >= top + rows { top = selection - rows + 1 }
        top = max(0, min(top, max(0, itemCount - rows)))
    }

    /// Tells the runner to draw again.
    func changed() {
        onChange?()
    }
}
