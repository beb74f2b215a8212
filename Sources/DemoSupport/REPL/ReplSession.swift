import Foundation
import ListFeature
import PhotoDomain
import SearchFeature
import Signals

/// `swift run Demo repl`: the real list, search and detail view models behind a line-based
/// terminal "screen". Each command becomes inputs; what is printed comes only from outputs.
///
/// Commands (see ``ReplCommand``) run one at a time: a command's requests finish (a spinner
/// turns on a terminal; `loading…` is printed otherwise) before the next line is read, so a
/// scripted session on stdin behaves the same as typing. End of input ends the session.
///
/// ```swift
/// let session = ReplSession(source: source, terminal: .standard)
/// await session.run()
/// ```
@MainActor
public final class ReplSession {
    /// Results per page.
    public static let pageSize = 10

    private enum Screen {
        case list
        case search
    }

    /// The detail pager on screen and its session.
    private final class OpenDetail {
        let viewModel: PhotoDetailViewModel
        let input = PhotoDetailViewModel.Input()
        let bag = CancellableBag()
        /// The latest position text, such as `3 / 20`.
        var position = ""

        init(_ viewModel: PhotoDetailViewModel) {
            self.viewModel = viewModel
        }
    }

    private let source: PhotoSource
    private let terminal: Terminal
    private let driver = VirtualTimeDriver()
    private let bag = CancellableBag()

    private let list: PhotoListViewModel
    private let listInput = PhotoListViewModel.Input()
    private let search: SearchViewModel
    private let searchInput = SearchViewModel.Input()

    private var screen = Screen.list
    private var detail: OpenDetail?
    private var results = SearchResults.empty
    private var query = ""
    private var scope = SearchScope.photos
    private var hasBegunEditing = false
    /// The spinner turning while requests run, on a terminal.
    private var spinner: Spinner?

    /// Creates a session over `source`, talking through `terminal`.
    public init(source: PhotoSource, terminal: Terminal) {
        self.source = source
        self.terminal = terminal
        let service = driver.network.route(PhotoService(repository: source.repository))
        list = PhotoListViewModel(service: service, scheduler: driver.scheduler, pageSize: Self.pageSize)
        search = SearchViewModel(service: service, scheduler: driver.scheduler, pageSize: Self.pageSize)
    }

    /// Runs until `quit` or the end of input.
    public func run() async {
        bindList(list.transform(input: listInput))
        bindSearch(search.transform(input: searchInput))

        say("Signals Demo REPL on \(source.summary). Type a search, or `help`.")
        say("Editorial photos:")
        listInput.appeared.fire()
        await settle()

        while true {
            if terminal.isInteractive { terminal.write(prompt, newline: false) }
            guard let line = terminal.readLine() else {
                if terminal.isInteractive { terminal.write("") } // end of input (^D) left the cursor after the prompt
                break
            }
            let command = ReplCommand.parse(line)
            if !terminal.isInteractive, command != .nothing { say("\(prompt)\(line)") }
            if command == .quit { break }
            await perform(command)
        }
        say("Bye.")
    }

    private var prompt: String {
        if let detail { return "photo \(detail.viewModel.currentIndex + 1)> " }
        return screen == .search ? "search \"\(query)\" in \(scope.rawValue)> " : "editorial> "
    }

    // MARK: - Commands

    private func perform(_ command: ReplCommand) async {
        switch command {
        case .nothing, .quit:
            return
        case .help:
            say(ReplCommand.helpText)
            return
        case .invalid(let message):
            say(message)
            return
        case .search(let text):
            closeDetail()
            if !hasBegunEditing {
                hasBegunEditing = true
                searchInput.editingBegan.fire()
            }
            searchInput.querySubmitted.send(text)
        case .next:
            if let detail {
                let next = detail.viewModel.currentIndex + 1
                if next < detail.viewModel.photos.count {
                    detail.input.pageChanged.send(next)
                } else {
                    say("That was the last photo.")
                }
            } else if screen == .search {
                searchInput.nextPageRequested.fire()
            } else {
                listInput.nextPage.fire()
            }
        case .previous:
            guard let detail else {
                say("`prev` moves between photos; `open <n>` opens one.")
                return
            }
            if detail.viewModel.currentIndex > 0 {
                detail.input.pageChanged.send(detail.viewModel.currentIndex - 1)
            } else {
                say("That was the first photo.")
            }
        case .scope(let newScope):
            closeDetail()
            searchInput.scopeSelected.send(newScope)
            if query.isEmpty { say("Scope: \(newScope.rawValue). Type a search.") }
        case .open(let position):
            closeDetail()
            let count = screen == .search ? results.count : list.photos.count
            guard position <= count else {
                say(count == 0 ? "Nothing to open yet." : "There is no result \(position); pick 1…\(count).")
                return
            }
            if screen == .search {
                searchInput.itemSelected.send(position - 1)
            } else {
                listInput.itemSelected.send(position - 1)
            }
        case .info:
            guard detail != nil else {
                say("`info` loads a photo's details again; `open <n>` opens one.")
                return
            }
        case .back:
            if let detail {
                detail.input.pulledDown.send(PhotoDetailViewModel.dismissThreshold + 1)
            } else if screen == .search {
                say("Type `cancel` to leave the search.")
            } else {
                say("Already on the editorial list.")
            }
        case .cancel:
            closeDetail()
            if screen == .search || hasBegunEditing {
                searchInput.cancelTapped.fire()
                hasBegunEditing = false
            }
            showList()
        case .retry:
            if screen == .search { searchInput.retryTapped.fire() } else { listInput.retry.fire() }
        case .list:
            closeDetail()
            if screen == .search { showResults() } else { showList() }
        }
        // A photo on screen shows its details: after opening, paging, or `info`.
        switch command {
        case .open, .next, .previous, .info:
            detail?.input.infoRequested.fire()
        default:
            break
        }
        await settle()
    }

    /// Waits for the requests the command started, with a spinner on a terminal.
    private func settle() async {
        guard terminal.isInteractive, driver.network.hasLiveRequests else {
            await driver.runUntilIdle()
            return
        }
        let spinner = Spinner(terminal: terminal)
        self.spinner = spinner
        spinner.start()
        await driver.runUntilIdle()
        await spinner.stop()
        self.spinner = nil
    }

    // MARK: - The list

    private func bindList(_ output: PhotoListViewModel.Output) {
        output.isLoading
            .bind { [weak self] isLoading in if isLoading { self?.showLoading() } }
            .store(in: bag)
        output.insertedIndexPaths
            .bind { [weak self] indexPaths in self?.listInserted(indexPaths) }
            .store(in: bag)
        output.isEmpty
            .bind { [weak self] isEmpty in if isEmpty { self?.say("The editorial feed is empty.") } }
            .store(in: bag)
        output.error
            .bind { [weak self] error in self?.say("Error: \(error.message) Type `retry` to try again.") }
            .store(in: bag)
        output.detail
            .bind { [weak self] detail in self?.open(detail) }
            .store(in: bag)
    }

    private func listInserted(_ indexPaths: [IndexPath]) {
        if detail != nil {
            say("(\(indexPaths.count) more photos loaded)")
        } else if screen == .list {
            let photos = list.photos
            for index in indexPaths.map(\.item) where photos.indices.contains(index) {
                say(numbered(index, DemoFormat.photo(photos[index])))
            }
        }
    }

    private func showList() {
        let photos = list.photos
        say("Editorial photos (\(photos.count) loaded; `next` for more):")
        for (index, photo) in photos.enumerated() { say(numbered(index, DemoFormat.photo(photo))) }
    }

    // MARK: - Search

    private func bindSearch(_ output: SearchViewModel.Output) {
        output.query
            .bind { [weak self] query in self?.queryChanged(query) }
            .store(in: bag)
        output.scope
            .bind { [weak self] scope in self?.scopeChanged(scope) }
            .store(in: bag)
        output.validationMessage
            .bind { [weak self] message in if let message { self?.say("⚠ \(message)") } }
            .store(in: bag)
        output.isLoading
            .bind { [weak self] isLoading in if isLoading { self?.showLoading() } }
            .store(in: bag)
        output.results
            .bind { [weak self] results in self?.results = results }
            .store(in: bag)
        output.insertedIndexPaths
            .bind { [weak self] indexPaths in self?.searchInserted(indexPaths) }
            .store(in: bag)
        output.hasResults
            .bind { [weak self] hasResults in
                guard let self, !hasResults else { return }
                say("No results for \"\(query)\" in \(scope.rawValue).")
            }
            .store(in: bag)
        output.error
            .bind { [weak self] error in self?.say("Error: \(error.message) Type `retry` to try again.") }
            .store(in: bag)
        output.detail
            .bind { [weak self] detail in self?.open(detail) }
            .store(in: bag)
        output.collectionSelected
            .bind { [weak self] collection in self?.show(collection) }
            .store(in: bag)
        output.userSelected
            .bind { [weak self] user in self?.show(user) }
            .store(in: bag)
    }

    private func queryChanged(_ newQuery: String) {
        query = newQuery
        if newQuery.isEmpty {
            screen = .list
        } else {
            screen = .search
            say("Searching \(scope.rawValue) for \"\(newQuery)\":")
        }
    }

    private func scopeChanged(_ newScope: SearchScope) {
        guard newScope != scope else { return }
        scope = newScope
        if !query.isEmpty { say("Searching \(newScope.rawValue) for \"\(query)\":") }
    }

    private func searchInserted(_ indexPaths: [IndexPath]) {
        guard detail == nil else {
            say("(\(indexPaths.count) more results loaded)")
            return
        }
        for index in indexPaths.map(\.item) where index < results.count {
            say(numbered(index, DemoFormat.result(results[index])))
        }
        let shown = indexPaths.last.map { $0.item + 1 } ?? results.count
        say("(\(shown) shown; `next` for more, `open <n>` to open one)")
    }

    private func showResults() {
        say("\"\(query)\" in \(scope.rawValue): \(results.count) results loaded")
        for (index, item) in results.enumerated() { say(numbered(index, DemoFormat.result(item))) }
    }

    private func show(_ collection: PhotoCollection) {
        say("Collection \(DemoFormat.quoted(collection.title)) — \(DemoFormat.count(collection.totalPhotos, "photo"))"
            + (collection.user.map { ", curated by \($0.name)" } ?? ""))
        if let description = collection.description { say("  \(DemoFormat.shortened(description, limit: 100))") }
    }

    private func show(_ user: UserProfile) {
        say("User \(user.name) (@\(user.username)) — \(DemoFormat.count(user.totalPhotos, "photo"))"
            + (user.location.map { ", \($0)" } ?? ""))
        if let bio = user.bio { say("  \(DemoFormat.shortened(bio, limit: 100))") }
    }

    // MARK: - The detail pager

    private func open(_ viewModel: PhotoDetailViewModel) {
        closeDetail()
        let detail = OpenDetail(viewModel)
        self.detail = detail
        let output = viewModel.transform(input: detail.input)
        // The position ("3 / 20") also changes when more photos load; show the photo only when
        // the index changes (the detail pager updates the position first).
        output.position
            .bind { [weak detail] position in detail?.position = position }
            .store(in: detail.bag)
        output.currentIndex
            .bind { [weak self, weak detail] index in
                guard let self, let detail, let photo = detail.viewModel.photo(at: index) else { return }
                showPhoto(photo, position: detail.position)
            }
            .store(in: detail.bag)
        output.isLoadingDetail
            .bind { [weak self] isLoading in if isLoading { self?.showLoading() } }
            .store(in: detail.bag)
        output.photoDetail
            .bind { [weak self] photoDetail in self?.say("  Info: \(DemoFormat.detail(photoDetail))") }
            .store(in: detail.bag)
        output.error
            .bind { [weak self] error in self?.say("Error: \(error.message) Type `info` to try again.") }
            .store(in: detail.bag)
        output.dismiss
            .bind { [weak self] index in self?.dismissed(at: index) }
            .store(in: detail.bag)
    }

    private func showPhoto(_ photo: Photo, position: String) {
        say("Photo \(position) — \(photo.user.name)")
        say("  \(DemoFormat.quoted(photo.description ?? photo.altDescription ?? "Untitled", limit: 100))")
        say("  \(photo.width)×\(photo.height), ♥ \(DemoFormat.count(photo.likes))"
            + (photo.tags.isEmpty ? "" : ", tags: " + photo.tags.prefix(5).joined(separator: ", ")))
        say("  (`next`/`prev` to page, `back` to close)")
    }

    private func dismissed(at index: Int) {
        detail = nil
        say("Closed at photo \(index + 1).")
    }

    /// Closes the detail pager without a word (another command replaces the screen).
    private func closeDetail() {
        detail = nil
    }

    // MARK: - Output

    private func showLoading() {
        // On a terminal the spinner shows it.
        if !terminal.isInteractive { say("loading…") }
    }

    private func numbered(_ index: Int, _ text: String) -> String {
        "\(String(index + 1).leftPadded(to: 4)). \(text)"
    }

    private func say(_ text: String) {
        // Output that arrives while the spinner turns replaces its line (one write, so the
        // spinner's next frame lands on the line after).
        terminal.write((spinner == nil ? "" : Spinner.clearLine) + text)
    }
}

/// A one-line spinner on a terminal while requests run; cleared when they finish.
@MainActor
private final class Spinner {
    private let terminal: Terminal
    private var task: Task<Void, Never>?

    init(terminal: Terminal) {
        self.terminal = terminal
    }

    func start() {
        let terminal = self.terminal
        task = Task.detached {
            let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
            var frame = 0
            // Animation only: the requests are awaited elsewhere, not timed by this loop.
            while !Task.isCancelled {
                terminal.writeOutput("\r\(frames[frame % frames.count]) loading…")
                frame += 1
                try? await Task.sleep(for: .milliseconds(80))
            }
        }
    }

    func stop() async {
        task?.cancel()
        await task?.value
        terminal.writeOutput(Self.clearLine)
    }

    /// Moves to the start of the line and erases it.
    static let clearLine = "\r\u{1B}[K"
}
