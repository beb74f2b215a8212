import SignalsDemoSupport
import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals

/// A ``Browser`` on a virtual clock: keys are typed at the times a test says, requests answer
/// `latency` of virtual time after they start, and every frame the browser would draw is kept.
@MainActor
final class BrowseHarness {
    let driver: VirtualTimeDriver
    let browser: Browser
    let source: PhotoSource
    /// Every frame drawn: one after each output that changed the screen, one after each key.
    private(set) var frames: [Frame] = []
    /// The editorial pages requested, in order.
    private(set) var editorialPages: [Int] = []
    /// The queries searched, in order.
    private(set) var searches: [String] = []

    init(
        latency: Duration = .milliseconds(800),
        size: TerminalSize = TerminalSize(rows: 24, columns: 100),
        configuration: DemoConfiguration = DemoConfiguration(),
        transform: (PhotoService) -> PhotoService = { $0 }
    ) throws {
        driver = VirtualTimeDriver(latency: latency)
        source = try PhotoSource.make(for: configuration, appliesLatency: false)
        let base = transform(PhotoService(repository: source.repository))
        let log = RequestLog()
        self.log = log
        let logged = PhotoService(
            editorialPhotos: { page, perPage in log.editorial(page); return base.editorialPhotos(page, perPage) },
            search: { scope, query, page, perPage in
                log.search(query)
                return base.search(scope, query, page, perPage)
            },
            photoDetail: base.photoDetail,
            imageData: base.imageData
        )
        browser = Browser(service: driver.network.route(logged), scheduler: driver.scheduler, size: size)
        browser.onChange = { [weak self] in self?.record() }
    }

    private let log: RequestLog

    /// Starts the browser and lets the first page arrive.
    func start() async {
        browser.start()
        await driver.runUntilIdle()
        syncLog()
    }

    /// The frame on screen now.
    var screen: Frame { browser.frame() }

    /// Presses `key`, then lets `pause` of virtual time pass.
    func press(_ key: Key, then pause: Duration = .milliseconds(60)) async {
        browser.handle(key)
        record()
        await driver.advance(by: pause)
        syncLog()
    }

    /// Types `text` a key at a time, `pause` apart (a person typing quickly).
    func type(_ text: String, every pause: Duration = .milliseconds(60)) async {
        for character in text { await press(.character(character), then: pause) }
    }

    /// Lets `duration` of virtual time pass.
    func wait(_ duration: Duration) async {
        await driver.advance(by: duration)
        syncLog()
    }

    /// Lets typing pause long enough to search, then every request finish.
    func settle() async {
        await driver.advance(by: Browser.searchDelay)
        await driver.runUntilIdle()
        syncLog()
    }

    private func record() {
        frames.append(browser.frame())
    }

    private func syncLog() {
        editorialPages = log.pages
        searches = log.queries
    }
}

/// The requests a harness's service saw.
private final class RequestLog: Sendable {
    private let state = Locked((pages: [Int](), queries: [String]()))
    var pages: [Int] { state.withLock { $0.pages } }
    var queries: [String] { state.withLock { $0.queries } }
    func editorial(_ page: Int) { state.withLock { $0.pages.append(page) } }
    func search(_ query: String) { state.withLock { $0.queries.append(query) } }
}

extension Frame {
    /// The list rows (`   3. …`) on screen, without the preview column.
    var listRows: [String] {
        text.compactMap { line in
            let row = line.split(separator: "│", maxSplits: 1).first.map(String.init) ?? line
            let trimmed = row.trimmingCharacters(in: .whitespaces)
            guard let dot = trimmed.firstIndex(of: "."), Int(trimmed[..<dot]) != nil else { return nil }
            return trimmed
        }
    }

    /// The row drawn in inverse video (the selection), as text.
    var selectedRow: String? {
        lines.first { line in line.spans.contains { $0.style.isInverse && $0.text.contains(". ") } }?
            .spans.first { $0.style.isInverse }?.text.trimmingCharacters(in: .whitespaces)
    }
}
