import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals

/// The scripted tour `swift run Demo` prints: the real list, detail, cell and search view
/// models on one virtual clock, every input they are sent and every output it produced, then
/// marble lines for the main outputs over the whole tour.
///
/// Deterministic: requests go through a ``VirtualNetwork`` (responses arrive `latency` of
/// virtual time after the request, whatever the threads did), the error is injected into the
/// source, and nothing depends on the wall clock, so the tour prints the same text every run.
///
/// ```swift
/// let source = try PhotoSource.make(for: DemoConfiguration(), appliesLatency: false)
/// await Tour(source: source, write: { print($0) }).run()
/// ```
@MainActor
package final class Tour {
    /// The virtual latency of each request when none is configured.
    package static let defaultLatency: Duration = .milliseconds(200)
    /// How long typing must pause before the search view model searches the typed text.
    package static let instantSearchDelay: Duration = .milliseconds(300)
    /// Items per page, for the list and the search.
    package static let pageSize = 10

    private let source: PhotoSource
    private let write: (String) -> Void
    private let driver: VirtualTimeDriver
    private let log: OutputLog
    private let service: PhotoService

    /// How many errors the view models reported that the tour did not cause on purpose (the
    /// source is unreachable, or a key is wrong); the Demo exits 1 when there are any.
    package private(set) var unexpectedErrorCount = 0
    /// Set while the tour makes a request fail on purpose.
    private var isExpectingError = false

    private var stepCount = 0
    private var inputCount = 0
    private let bag = CancellableBag()

    /// Creates a tour over `source` whose requests take `latency` of virtual time; each line
    /// of the tour is passed to `write`, sanitized (it holds text from data).
    package init(source: PhotoSource, latency: Duration = Tour.defaultLatency, write: @escaping (String) -> Void) {
        self.source = source
        self.write = { write(TerminalText.sanitized($0)) }
        driver = VirtualTimeDriver(latency: latency)
        log = OutputLog(scheduler: driver.scheduler)
        service = driver.network.route(PhotoService(repository: source.repository))
    }

    /// Runs the whole tour.
    package func run() async {
        let latency = driver.network.latency
        write("Signals Demo: a scripted tour of the real view models on \(source.summary).")
        write("Virtual time: each request answers \(DemoFormat.milliseconds(latency)) after it is sent; "
            + "nothing sleeps, so every run prints the same.")
        write("Lines: `time ▶ input(value)` is sent by the tour; `time   output = value` is what the view models emitted.")

        beginStep("The editorial list appears: page 1 loads")
        let list = PhotoListViewModel(service: service, scheduler: driver.scheduler, pageSize: Tour.pageSize)
        let listInput = PhotoListViewModel.Input()
        let listOutput = transform("list") { list.transform(input: listInput) }
        recordList(listOutput)
        let listDetail = Latest<PhotoDetailViewModel>(listOutput.detail, in: bag)
        fire("list.appeared", listInput.appeared)
        await endStep()
        show(list.photos.prefix(3).map(DemoFormat.photo))

        beginStep("A cell is displayed: its image loads (and is cached)")
        // Held until the step ends: a cell that goes away cancels its image load.
        let cell = list.cellViewModel(at: 0)
        if let cell {
            let cellInput = PhotoCellViewModel.Input()
            let cellOutput = transform("cell[0]") { cell.transform(input: cellInput) }
            log.record("cell[0].photographerName", cellOutput.photographerName, render: { DemoFormat.quoted($0) })
            log.record("cell[0].isLoading", cellOutput.isLoading, render: DemoFormat.bool, symbol: Symbols.bool)
            log.record("cell[0].image", cellOutput.image, render: { DemoFormat.image($0) }, symbol: { $0 == nil ? "n" : "i" })
            fire("cell[0].displayed", cellInput.displayed)
        }
        await endStep()
        withExtendedLifetime(cell) {}
        show([
            DemoFormat.count(list.imageLoader.downloadCount, "download") + ", "
                + DemoFormat.count(list.imageLoader.cachedCost, "byte") + " cached",
        ])

        beginStep("Scrolling near the end loads page 2, once")
        send("list.itemDisplayed", Tour.pageSize - 3, to: listInput.itemDisplayed)
        send("list.itemDisplayed", Tour.pageSize - 2, to: listInput.itemDisplayed)
        await endStep()
        show(["\(list.photos.count) photos; the second display asked for nothing while page 2 loaded"])

        beginStep("Photo 3 opens in the detail pager: swipe, tap for info, pull down to close")
        send("list.itemSelected", 2, to: listInput.itemSelected)
        if let detail = listDetail.value { await tourDetail(detail) }
        await endStep()

        beginStep("Typing \"mountain\": the search starts once typing pauses for "
            + DemoFormat.milliseconds(Tour.instantSearchDelay))
        let search = SearchViewModel(
            service: service,
            scheduler: driver.scheduler,
            pageSize: Tour.pageSize,
            instantSearchDelay: Tour.instantSearchDelay
        )
        let searchInput = SearchViewModel.Input()
        let searchOutput = transform("search") { search.transform(input: searchInput) }
        recordSearch(searchOutput)
        let results = Latest<SearchResults>(searchOutput.results, in: bag)
        let searchDetail = Latest<PhotoDetailViewModel>(searchOutput.detail, in: bag)
        fire("search.editingBegan", searchInput.editingBegan)
        send("search.queryChanged", "mo", to: searchInput.queryChanged, render: { DemoFormat.quoted($0) })
        await driver.advance(by: .milliseconds(100))
        send("search.queryChanged", "mountain", to: searchInput.queryChanged, render: { DemoFormat.quoted($0) })
        await driver.advance(by: Tour.instantSearchDelay)
        await endStep()
        show(topResults(results.value, 3))

        beginStep("The next page of results")
        fire("search.nextPageRequested", searchInput.nextPageRequested)
        await endStep()

        beginStep("A newer query cancels the one in flight: \"forest\" never shows, \"desert\" does")
        var requestsBefore = driver.network.startedCount
        send("search.querySubmitted", "forest", to: searchInput.querySubmitted, render: { DemoFormat.quoted($0) })
        await driver.advance(by: .milliseconds(100))
        send("search.querySubmitted", "desert", to: searchInput.querySubmitted, render: { DemoFormat.quoted($0) })
        await endStep()
        show(["\(driver.network.startedCount - requestsBefore) requests sent; the \"forest\" one was cancelled"])
        show(topResults(results.value, 3))

        beginStep("A result opens in the detail pager, which pages through the search's photos")
        send("search.itemSelected", 1, to: searchInput.itemSelected)
        if let detail = searchDetail.value { await tourDetail(detail, swipes: false) }
        await endStep()

        beginStep("The network fails (simulated): the error shows once; retry loads the page")
        source.failNextSearch()
        isExpectingError = true
        send("search.querySubmitted", "ocean", to: searchInput.querySubmitted, render: { DemoFormat.quoted($0) })
        await driver.runUntilIdle()
        isExpectingError = false
        fire("search.retryTapped", searchInput.retryTapped)
        await endStep()
        show(topResults(results.value, 3))

        beginStep("Scopes: the same query in collections, then in users")
        send("search.scopeSelected", .collections, to: searchInput.scopeSelected, render: { $0.rawValue })
        await driver.runUntilIdle()
        flush()
        show(topResults(results.value, 2))
        send("search.scopeSelected", .users, to: searchInput.scopeSelected, render: { $0.rawValue })
        await endStep()
        show(topResults(results.value, 2))

        beginStep("A search that finds nothing")
        send("search.querySubmitted", "zebra crossing", to: searchInput.querySubmitted, render: { DemoFormat.quoted($0) })
        await endStep()

        beginStep("A blank query: a validation message, and no request")
        requestsBefore = driver.network.startedCount
        send("search.querySubmitted", "   ", to: searchInput.querySubmitted, render: { DemoFormat.quoted($0) })
        await endStep()
        show(["requests sent: \(driver.network.startedCount - requestsBefore)"])

        beginStep("Cancel: the query and results clear; the editorial list is still there")
        fire("search.cancelTapped", searchInput.cancelTapped)
        await endStep()
        show(["the editorial list still holds \(list.photos.count) photos; nothing reloaded"])

        write("")
        write("Marble lines over the tour (one character per \(DemoFormat.milliseconds(driver.scheduler.tick)) tick, "
            + "from 0.000s):")
        write("  " + Symbols.legend)
        for line in log.marbleLines() { write("  " + line) }
        write("")
        write("Tour finished: \(stepCount) steps, \(inputCount) inputs, \(log.emissionCount) output emissions, "
            + "\(driver.network.startedCount) requests, \(DemoFormat.time(driver.now).trimmingCharacters(in: .whitespaces)) "
            + "of virtual time.")
    }

    // MARK: - Detail pager

    private func tourDetail(_ detail: PhotoDetailViewModel, swipes: Bool = true) async {
        let input = PhotoDetailViewModel.Input()
        let output = transform("detail") { detail.transform(input: input) }
        log.record("detail.title", output.title, render: { DemoFormat.quoted($0) })
        log.record("detail.position", output.position, render: { DemoFormat.quoted($0) }, symbol: { _ in "#" })
        log.record("detail.isInfoHidden", output.isInfoHidden, render: DemoFormat.bool, symbol: Symbols.bool)
        log.record("detail.isLoadingDetail", output.isLoadingDetail, render: DemoFormat.bool, symbol: Symbols.bool)
        log.record("detail.photoDetail", output.photoDetail, render: { DemoFormat.detail($0) })
        log.record("detail.insertedIndexPaths", output.insertedIndexPaths, render: DemoFormat.indexPaths)
        log.record("detail.error", output.error, render: { DemoFormat.quoted($0.message, limit: 80) }, symbol: { _ in "e" })
        countUnexpected(output.error)
        log.record("detail.dismiss", output.dismiss, render: { "index \($0)" }, symbol: { _ in "x" })
        flush()
        if swipes {
            send("detail.pageChanged", detail.currentIndex + 1, to: input.pageChanged)
        }
        fire("detail.imageTapped", input.imageTapped)
        fire("detail.infoRequested", input.infoRequested)
        await driver.runUntilIdle()
        flush()
        send("detail.pulledDown", 120, to: input.pulledDown, render: { "\(Int($0)) pt" })
        send("detail.pulledDown", 240, to: input.pulledDown, render: { "\(Int($0)) pt" })
        if let photo = detail.photo(at: detail.currentIndex) {
            show(["closed on " + DemoFormat.photo(photo)])
        }
    }

    // MARK: - Recording

    private func recordList(_ output: PhotoListViewModel.Output) {
        log.record("list.isLoading", output.isLoading, render: DemoFormat.bool, symbol: Symbols.bool)
        log.record("list.insertedIndexPaths", output.insertedIndexPaths, render: DemoFormat.indexPaths, symbol: { _ in "i" })
        log.record("list.isEmpty", output.isEmpty, render: DemoFormat.bool)
        log.record("list.error", output.error, render: { DemoFormat.quoted($0.message, limit: 80) }, symbol: { _ in "e" })
        countUnexpected(output.error)
        log.record("list.reloaded", output.reloaded, render: { "()" }, symbol: { "r" })
        log.record("list.detail", output.detail, render: { "detail pager at photo \($0.selectedIndex + 1)" }, symbol: { _ in "d" })
    }

    private func recordSearch(_ output: SearchViewModel.Output) {
        log.record("search.isCancelButtonHidden", output.isCancelButtonHidden, render: DemoFormat.bool, symbol: Symbols.bool)
        log.record("search.query", output.query, render: { DemoFormat.quoted($0) }, symbol: { $0.isEmpty ? "_" : "q" })
        log.record("search.scope", output.scope, render: { $0.rawValue }, symbol: { String($0.rawValue.prefix(1)) })
        log.record("search.validationMessage", output.validationMessage, render: DemoFormat.message, symbol: { $0 == nil ? "n" : "m" })
        log.record("search.isLoading", output.isLoading, render: DemoFormat.bool, symbol: Symbols.bool)
        log.record("search.hasResults", output.hasResults, render: DemoFormat.bool, symbol: Symbols.bool)
        log.record("search.results", output.results, render: { "\($0.count) results" })
        log.record("search.insertedIndexPaths", output.insertedIndexPaths, render: DemoFormat.indexPaths, symbol: { _ in "i" })
        log.record("search.resultsReset", output.resultsReset, render: { "()" }, symbol: { "r" })
        log.record("search.error", output.error, render: { DemoFormat.quoted($0.message, limit: 80) }, symbol: { _ in "e" })
        countUnexpected(output.error)
        log.record("search.detail", output.detail, render: { "detail pager at photo \($0.selectedIndex + 1)" }, symbol: { _ in "d" })
        log.record("search.collectionSelected", output.collectionSelected, render: { DemoFormat.quoted($0.title) })
        log.record("search.userSelected", output.userSelected, render: { $0.name })
    }

    private func countUnexpected(_ errors: Observable<UseCaseError>) {
        errors.bind(with: self) { tour, _ in
            if !tour.isExpectingError { tour.unexpectedErrorCount += 1 }
        }
        .store(in: bag)
    }

    // MARK: - Steps and inputs

    /// Starts a numbered step a tick after the last one (so steps stay apart on the marble lines).
    private func beginStep(_ title: String) {
        // Runs only the scheduler: the previous step ended idle.
        driver.scheduler.advance(by: driver.scheduler.tick)
        stepCount += 1
        write("")
        write("\(stepCount). \(title)")
    }

    /// Lets the step's requests finish and writes what they produced.
    private func endStep() async {
        await driver.runUntilIdle()
        flush()
    }

    /// Calls `transform(input:)` on a view model named `name`, and says so.
    private func transform<Output>(_ name: String, _ body: () -> Output) -> Output {
        write("  \(DemoFormat.time(driver.now)) ◆ \(name).transform(input:)")
        return body()
    }

    /// The first `count` results, one line each.
    private func topResults(_ results: SearchResults?, _ count: Int) -> [String] {
        results.map { $0.prefix(count).map(DemoFormat.result) } ?? []
    }

    private func send<Value>(
        _ name: String,
        _ value: Value,
        to subject: Subject<Value>,
        render: (Value) -> String = { String(describing: $0) }
    ) {
        flush()
        inputCount += 1
        write("  \(DemoFormat.time(driver.now)) ▶ \(name)(\(render(value)))")
        subject.send(value)
        flush()
    }

    private func fire(_ name: String, _ subject: Subject<Void>) {
        flush()
        inputCount += 1
        write("  \(DemoFormat.time(driver.now)) ▶ \(name)")
        subject.fire()
        flush()
    }

    /// Writes the outputs emitted since the last flush.
    private func flush() {
        for line in log.takeLines() { write("  " + line) }
    }

    /// Writes what a screen would show now, set apart from the outputs.
    private func show(_ lines: [String]) {
        for line in lines { write("           │ " + line) }
    }
}

/// One-character marble symbols shared by the tour's outputs.
enum Symbols {
    static func bool(_ value: Bool) -> String { value ? "t" : "f" }

    static let legend = "t/f true/false · i items inserted · r reset · e error · d detail opened · "
        + "# position · x dismissed · q/_ query/empty · m/n message/none · p/c/u scope"
}

/// The latest value of a stream, kept by a binding in `bag`.
@MainActor
final class Latest<Value> {
    private(set) var value: Value?

    init(_ observable: Observable<Value>, in bag: CancellableBag) {
        observable.bind(with: self) { latest, value in latest.value = value }.store(in: bag)
    }
}
