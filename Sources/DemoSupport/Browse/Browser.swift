import Foundation
import ListFeature
import PhotoDomain
import SearchFeature
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
public final class Browser {
    /// Results per page.
    public static let pageSize = 20
    /// How long typing pauses before the text is searched.
    public static let searchDelay: Duration = .milliseconds(300)

    /// The pager on screen, with its own preview cell.
    private final class OpenDetail {
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
    private struct Preview {
        let photoID: String
        let image: PixelImage?
        let byteCount: Int
    }

    /// Counts the requests of every view model on this screen.
    public let counter = RequestCounter()
    /// Called after any output changed what the screen shows (the runner draws again).
    public var onChange: (() -> Void)?
    /// The screen's size.
    public private(set) var size: TerminalSize

    private let title: String
    private let bag = CancellableBag()
    private let list: PhotoListViewModel
    private let listInput = PhotoListViewModel.Input()
    private let search: SearchViewModel
    private let searchInput = SearchViewModel.Input()
    private let previewCell: PhotoCellViewModel
    private let previewInput = PhotoCellViewModel.Input()
    private let service: PhotoService
    private let scheduler: any Scheduler
    private var detail: OpenDetail?

    private var field = LineEditor()
    private var hasBegunEditing = false
    private var searchedQuery = ""
    private var scope = SearchScope.photos
    private var results = SearchResults.empty
    private var isListLoading = false
    private var isSearchLoading = false
    private var isListEmpty = false
    private var hasResults = true
    private var listError: String?
    private var searchError: String?
    private var validationMessage: String?
    private var selection = 0
    private var top = 0
    private var preview: Preview?
    private var isPreviewLoading = false

    /// Creates a browser over `service` (its requests are counted by ``counter``), with the
    /// view models on `scheduler`, drawing `size` frames. `title` names the source and options.
    public init(service: PhotoService, scheduler: any Scheduler, size: TerminalSize, title: String = "") {
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
    public func start() {
        bindList()
        bindSearch()
        bindPreview()
        previewInput.displayed.fire()
        listInput.appeared.fire()
    }

    /// Whether the photo pager is open.
    public var isDetailOpen: Bool { detail != nil }

    /// The query the search field shows.
    public var fieldText: String { field.text }

    /// Takes a new screen size (the terminal was resized).
    public func resize(to newSize: TerminalSize) {
        size = newSize
        scrollToSelection()
    }

    // MARK: - Keys

    /// Applies one key; returns `false` when the key quits the browser.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
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

    private func handleList(_ key: Key) {
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

    private func handleDetail(_ key: Key, _ detail: OpenDetail) {
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

    private var isSearching: Bool { !searchedQuery.isEmpty }

    private var itemCount: Int { isSearching ? results.count : list.photos.count }

    /// The photo of the selected row, if it is a photo.
    private var selectedPhoto: Photo? {
        guard selection < itemCount else { return nil }
        if !isSearching { return list.photo(at: selection) }
        if case .photo(let photo) = results[selection] { return photo }
        return nil
    }

    private func moveSelection(by offset: Int) {
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
    private func selectionDisplayed() {
        guard selection < itemCount else { return }
        if isSearching { searchInput.itemDisplayed.send(selection) } else { listInput.itemDisplayed.send(selection) }
        if let photo = selectedPhoto, previewCell.photo?.id != photo.id {
            preview = nil
            previewInput.configured.send(photo)
        }
    }

    /// After the rows changed: keeps the selection in range and the preview in step.
    private func rowsChanged(reset: Bool) {
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

    private func scrollToSelection() {
        let rows = max(1, listRows)
        if selection < top { top = selection }
        if selection >= top + rows { top = selection - rows + 1 }
        top = max(0, min(top, max(0, itemCount - rows)))
    }

    private func bindList() {
        let output = list.transform(input: listInput)
        output.insertedIndexPaths
            .bind { [weak self] _ in
                guard let self else { return }
                listError = nil
                if !isSearching { rowsChanged(reset: false) }
            }
            .store(in: bag)
        output.reloaded
            .bind { [weak self] in self?.rowsChanged(reset: true) }
            .store(in: bag)
        output.isLoading
            .bind { [weak self] isLoading in
                self?.isListLoading = isLoading
                self?.changed()
            }
            .store(in: bag)
        output.isEmpty
            .bind { [weak self] isEmpty in
                self?.isListEmpty = isEmpty
                self?.changed()
            }
            .store(in: bag)
        output.error
            .bind { [weak self] error in
                self?.listError = error.message
                self?.changed()
            }
            .store(in: bag)
        output.detail
            .bind { [weak self] viewModel in self?.open(viewModel) }
            .store(in: bag)
    }

    private func bindSearch() {
        let output = search.transform(input: searchInput)
        output.query
            .bind { [weak self] query in
                guard let self else { return }
                let wasSearching = isSearching
                searchedQuery = query
                searchError = nil
                if wasSearching != isSearching { rowsChanged(reset: true) } else { changed() }
            }
            .store(in: bag)
        output.scope
            .bind { [weak self] scope in
                self?.scope = scope
                self?.changed()
            }
            .store(in: bag)
        output.validationMessage
            .bind { [weak self] message in
                self?.validationMessage = message
                self?.changed()
            }
            .store(in: bag)
        output.isLoading
            .bind { [weak self] isLoading in
                self?.isSearchLoading = isLoading
                self?.changed()
            }
            .store(in: bag)
        output.hasResults
            .bind { [weak self] hasResults in
                self?.hasResults = hasResults
                self?.changed()
            }
            .store(in: bag)
        output.results
            .bind { [weak self] results in self?.results = results }
            .store(in: bag)
        output.insertedIndexPaths
            .bind { [weak self] _ in
                guard let self else { return }
                searchError = nil
                if isSearching { rowsChanged(reset: false) }
            }
            .store(in: bag)
        output.resultsReset
            .bind { [weak self] in
                guard let self else { return }
                if isSearching { rowsChanged(reset: true) }
            }
            .store(in: bag)
        output.error
            .bind { [weak self] error in
                self?.searchError = error.message
                self?.changed()
            }
            .store(in: bag)
        output.detail
            .bind { [weak self] viewModel in self?.open(viewModel) }
            .store(in: bag)
    }

    private func bindPreview() {
        let output = previewCell.transform(input: previewInput)
        output.image
            .bind { [weak self] data in
                guard let self else { return }
                preview = data.flatMap { data in
                    previewCell.photo.map { Preview(photoID: $0.id, image: PixelImage.decode(data), byteCount: data.count) }
                }
                changed()
            }
            .store(in: bag)
        output.isLoading
            .bind { [weak self] isLoading in
                self?.isPreviewLoading = isLoading
                self?.changed()
            }
            .store(in: bag)
    }

    // MARK: - The pager

    private func open(_ viewModel: PhotoDetailViewModel) {
        let cell = PhotoCellViewModel(loader: list.imageLoader, scheduler: scheduler, imageSize: .regular)
        let detail = OpenDetail(viewModel: viewModel, cell: cell)
        self.detail = detail
        let output = viewModel.transform(input: detail.input)
        let cellOutput = cell.transform(input: detail.cellInput)
        cellOutput.image
            .bind { [weak self, weak detail] data in
                guard let detail else { return }
                detail.image = data.flatMap { data in
                    detail.cell.photo.map { Preview(photoID: $0.id, image: PixelImage.decode(data), byteCount: data.count) }
                }
                self?.changed()
            }
            .store(in: detail.bag)
        detail.cellInput.displayed.fire()
        output.title
            .bind { [weak self, weak detail] title in
                detail?.title = title
                self?.changed()
            }
            .store(in: detail.bag)
        output.position
            .bind { [weak self, weak detail] position in
                detail?.position = position
                self?.changed()
            }
            .store(in: detail.bag)
        output.currentIndex
            .bind { [weak self, weak detail] index in
                guard let detail else { return }
                detail.index = index
                detail.info = nil
                detail.error = nil
                if let photo = detail.viewModel.photo(at: index) { detail.cellInput.configured.send(photo) }
                if !detail.isInfoHidden { detail.input.infoRequested.fire() }
                self?.changed()
            }
            .store(in: detail.bag)
        output.isInfoHidden
            .bind { [weak self, weak detail] isHidden in
                guard let detail else { return }
                detail.isInfoHidden = isHidden
                if !isHidden, detail.info == nil { detail.input.infoRequested.fire() }
                self?.changed()
            }
            .store(in: detail.bag)
        output.photoDetail
            .bind { [weak self, weak detail] info in
                detail?.info = info
                self?.changed()
            }
            .store(in: detail.bag)
        output.isLoadingDetail
            .bind { [weak self, weak detail] isLoading in
                detail?.isLoadingInfo = isLoading
                self?.changed()
            }
            .store(in: detail.bag)
        output.error
            .bind { [weak self, weak detail] error in
                detail?.error = error.message
                self?.changed()
            }
            .store(in: detail.bag)
        output.dismiss
            .bind { [weak self] index in self?.closeDetail(at: index) }
            .store(in: detail.bag)
        changed()
    }

    private func closeDetail(at index: Int) {
        detail = nil
        // Back on the list at the photo the pager ended on.
        if index < itemCount {
            selection = index
            scrollToSelection()
            selectionDisplayed()
        }
        changed()
    }

    private func changed() {
        onChange?()
    }

    // MARK: - Drawing

    /// Rows of the list between the header and the footer.
    private var listRows: Int { max(1, size.rows - 5) }

    /// Columns of the preview beside the list (none on a narrow screen).
    private var previewColumns: Int { size.columns >= 60 ? size.columns * 2 / 5 : 0 }

    /// The screen as it looks now.
    public func frame() -> Frame {
        var builder = FrameBuilder(size: size)
        if let detail {
            drawDetail(detail, into: &builder)
        } else {
            drawList(into: &builder)
        }
        return builder.build()
    }

    private static let accent = TextStyle(foreground: RGB(255, 200, 80), isBold: true)
    private static let warning = TextStyle(foreground: RGB(255, 110, 110), isBold: true)

    private func drawList(into builder: inout FrameBuilder) {
        builder.add(" Signals photo browser" + (title.isEmpty ? "" : " — \(title)"), .inverse)

        var searchLine = [Span("Search: ", .bold), Span(field.text), Span(trusted: "▏", Self.accent), Span("   Scope: ", .dim)]
        for candidate in SearchScope.allCases {
            searchLine.append(Span(" \(candidate.rawValue) ", candidate == scope ? .inverse : .plain))
        }
        builder.add(searchLine)

        var header: [Span]
        if isSearching {
            header = [Span("“\(searchedQuery)” in \(scope.rawValue) — \(DemoFormat.count(results.count, "result"))", .bold)]
            if isSearchLoading { header.append(Span("  ⠿ searching…", Self.accent)) }
        } else {
            header = [Span("Editorial photos — \(DemoFormat.count(list.photos.count)) loaded", .bold)]
            if isListLoading { header.append(Span("  ⠿ loading…", Self.accent)) }
        }
        if let validationMessage { header.append(Span("  ⚠ \(validationMessage)", Self.warning)) }
        builder.add(header)

        let listWidth = size.columns - previewColumns - (previewColumns > 0 ? 1 : 0)
        let previewLines = previewColumns > 0 ? previewPanel(columns: previewColumns - 1, rows: listRows) : []
        for row in 0..<listRows {
            let index = top + row
            var left: [Span] = []
            if index < itemCount {
                let text = isSearching ? DemoFormat.result(results[index]) : DemoFormat.photo(list.photos[index])
                let label = "\(String(index + 1).leftPadded(to: 4)). \(text)"
                left = [Span(label, index == selection ? .inverse : .plain)]
            } else if row == 0 {
                left = [Span(emptyMessage, .dim)]
            }
            var line = FrameBuilder.fit(left, width: listWidth)
            if previewColumns > 0 {
                line.append(Span(trusted: "│", .dim))
                line += row < previewLines.count ? previewLines[row] : []
            }
            builder.add(line)
        }

        builder.add(errorLine(isSearching ? searchError : listError))
        builder.add(
            [Span(counter.counts.summary, .dim), Span("  ↑↓ move · ⏎ open · Tab scope · Esc clear · ^C quit", .dim)]
        )
    }

    private var emptyMessage: String {
        if isSearching {
            if isSearchLoading { return "searching…" }
            return hasResults ? "" : "No results for “\(searchedQuery)” in \(scope.rawValue)."
        }
        if isListLoading { return "loading…" }
        return isListEmpty ? "The editorial feed is empty." : ""
    }

    private func errorLine(_ message: String?) -> [Span] {
        guard let message else { return [] }
        return [Span("⚠ \(message) — press Ctrl-R to retry", Self.warning)]
    }

    /// The preview column: the selected photo's image, then a few words about it.
    private func previewPanel(columns: Int, rows: Int) -> [[Span]] {
        guard columns > 0, selection < itemCount else { return [] }
        let item: SearchResultItem = isSearching ? results[selection] : .photo(list.photos[selection])
        switch item {
        case .photo(let photo):
            var lines = imageLines(preview?.photoID == photo.id ? preview : nil, loading: isPreviewLoading, columns: columns, rows: rows - 3)
            lines.append([])
            lines.append([Span(" \(photo.user.name) · ♥ \(DemoFormat.count(photo.likes)) · \(photo.width)×\(photo.height)", .dim)])
            return lines
        case .collection(let collection):
            return [
                [Span(" Collection", .bold)],
                [Span(" \(collection.title)")],
                [Span(" \(DemoFormat.count(collection.totalPhotos, "photo"))" + (collection.user.map { " · by \($0.name)" } ?? ""), .dim)],
                [Span(" " + DemoFormat.shortened(collection.description ?? "", limit: columns - 1), .dim)],
            ]
        case .user(let user):
            return [
                [Span(" User", .bold)],
                [Span(" \(user.name) @\(user.username)")],
                [Span(" \(DemoFormat.count(user.totalPhotos, "photo"))" + (user.location.map { " · \($0)" } ?? ""), .dim)],
                [Span(" " + DemoFormat.shortened(user.bio ?? "", limit: columns - 1), .dim)],
            ]
        }
    }

    /// An image as half-block rows, or a line saying why there is none.
    private func imageLines(_ preview: Preview?, loading: Bool, columns: Int, rows: Int) -> [[Span]] {
        guard let preview else { return [[Span(loading ? " loading image…" : " no image yet", .dim)]] }
        guard let image = preview.image else {
            return [[Span(" \(DemoFormat.count(preview.byteCount, "byte")) received, not a PPM image", .dim)]]
        }
        return image.halfBlocks(columns: columns, rows: max(1, rows)).map { [Span(trusted: " ", .plain)] + $0 }
    }

    private func drawDetail(_ detail: OpenDetail, into builder: inout FrameBuilder) {
        builder.add(" Photo \(detail.position) — \(detail.title)", .inverse)
        let photo = detail.viewModel.photo(at: detail.index)
        let bodyRows = max(1, size.rows - 3)
        let infoColumns = detail.isInfoHidden ? 0 : min(size.columns / 2, 44)
        let imageColumns = size.columns - infoColumns - 1
        let image = imageLines(
            detail.image?.photoID == photo?.id ? detail.image : nil, loading: detail.image == nil,
            columns: imageColumns, rows: bodyRows
        )
        var info: [[Span]] = []
        if infoColumns > 0, let photo {
            info.append([Span(" Info", .bold)])
            info += wrapped(photo.description ?? photo.altDescription ?? "Untitled", width: infoColumns - 2).map { [Span(" \($0)")] }
            info.append([Span(" \(photo.width)×\(photo.height) · ♥ \(DemoFormat.count(photo.likes))", .dim)])
            if !photo.tags.isEmpty { info.append([Span(" tags: " + photo.tags.prefix(5).joined(separator: ", "), .dim)]) }
            info.append([])
            if let details = detail.info {
                info += wrapped(DemoFormat.detail(details), width: infoColumns - 2).map { [Span(" \($0)")] }
            } else if detail.isLoadingInfo {
                info.append([Span(" loading details…", Self.accent)])
            }
        }
        for row in 0..<bodyRows {
            var line = FrameBuilder.fit(row < image.count ? image[row] : [], width: imageColumns + 1)
            if infoColumns > 0 {
                line.append(Span(trusted: "│", .dim))
                line += row < info.count ? info[row] : []
            }
            builder.add(line)
        }
        builder.add(errorLine(detail.error))
        builder.add([Span(counter.counts.summary, .dim), Span("  ←/→ page · i info · Esc close · ^C quit", .dim)])
    }

    /// `text` broken into lines of at most `width` characters at spaces.
    private func wrapped(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { DemoFormat.shortened($0, limit: width) }
    }
}
