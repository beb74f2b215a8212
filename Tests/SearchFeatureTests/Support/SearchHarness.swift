import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals
import SignalsTesting
import Testing
// IndexPath(item:section:), .item and .section: UIKit's or AppKit's where they exist (as in an
// app), ListFeature's on Linux.
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// A search view model on a `TestScheduler`, over a fake `PhotoService` whose search requests
/// are `ScriptedRequests`, with every output recorded into one exhaustive `Timeline`.
final class SearchHarness {
    let scheduler: TestScheduler
    let requests = ScriptedRequests<SearchRequest, SearchResponse>()
    let viewModel: SearchViewModel
    let input = SearchViewModel.Input()
    let output: SearchViewModel.Output
    let timeline: Timeline
    /// Every request made, as a stream (for marble diagrams).
    let requestLog = Subject<SearchRequest>()
    let pageSize: Int

    init(
        pageSize: Int = 3,
        scope: SearchScope = .photos,
        maximumQueryLength: Int = SearchQuery.defaultMaximumLength,
        instantSearchDelay: Duration? = nil,
        scheduler: TestScheduler = TestScheduler(),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.scheduler = scheduler
        self.pageSize = pageSize
        viewModel = SearchViewModel(
            service: Self.service(requests: requests, log: requestLog),
            scheduler: scheduler,
            pageSize: pageSize,
            scope: scope,
            maximumQueryLength: maximumQueryLength,
            instantSearchDelay: instantSearchDelay
        )
        output = viewModel.transform(input: input)
        // Unasserted emissions are reported at the test line that made the harness.
        timeline = Timeline(scheduler: scheduler, fileID: fileID, filePath: filePath, line: line, column: column)
        Self.record(output, into: timeline)
    }

    /// A service whose searches are `requests`; the other calls never answer.
    static func service(
        requests: ScriptedRequests<SearchRequest, SearchResponse>,
        log: Subject<SearchRequest>? = nil
    ) -> PhotoService {
        PhotoService(
            editorialPhotos: { _, _ in .never },
            search: { scope, query, page, perPage in
                let request = SearchRequest(scope, query, page: page, perPage: perPage)
                return Observable.create { observer in
                    log?.send(request)
                    return requests(request).bind(onValue: observer.send, onFinish: observer.finish)
                }
            },
            photoDetail: { _ in .never },
            imageData: { _ in .never }
        )
    }

    /// Records every output but `footer` and `hasMore` (the paginator's, recorded by
    /// `SearchViewModelFooterTests`), in declaration order, with readable renderings.
    static func record(_ output: SearchViewModel.Output, into timeline: Timeline) {
        timeline.record("isCancelButtonHidden", output.isCancelButtonHidden)
        timeline.record("query", output.query)
        timeline.record("validationMessage", output.validationMessage) { $0 ?? "nil" }
        timeline.record("isLoading", output.isLoading)
        timeline.record("hasResults", output.hasResults)
        timeline.record("results", output.results)
        timeline.record("insertedIndexPaths", output.insertedIndexPaths) { render($0) }
        timeline.record("resultsReset", output.resultsReset)
        timeline.record("scope", output.scope)
        timeline.record("error", output.error)
        timeline.record("detail", output.detail) { "at \($0.selectedIndex) of \($0.photos.map(\.id))" }
        timeline.record("collectionSelected", output.collectionSelected) { $0.id }
        timeline.record("userSelected", output.userSelected) { $0.id }
    }

    /// Index paths as `0:0 0:1` (section:item).
    static func render(_ paths: [IndexPath]) -> String {
        paths.map { "\($0.section):\($0.item)" }.joined(separator: " ")
    }

    /// The rendering of the index paths of `items` in section 0.
    static func paths(_ items: Range<Int>) -> String {
        render(items.indexPaths())
    }

    /// The state every session starts in (the replays of the state outputs).
    static func initialState(scope: SearchScope = .photos) -> [Timeline.Expectation] {
        [
            .value("isCancelButtonHidden", true),
            .value("query", ""),
            .value("validationMessage", "nil"),
            .value("isLoading", false),
            .value("hasResults", true),
            .value("results", "[]"),
            .value("scope", scope),
        ]
    }

    func request(_ query: String, page: Int = 1, in scope: SearchScope = .photos) -> SearchRequest {
        SearchRequest(scope, query, page: page, perPage: pageSize)
    }

    /// Answers the pending `request` and lets the scheduler deliver it.
    func respond(
        to request: SearchRequest,
        with response: SearchResponse,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let answered = requests.respond(to: request, with: response)
        #expect(answered, "no pending request \(request)", sourceLocation: sourceLocation)
        scheduler.advance()
    }

    /// Answers the pending `request` with a page of `ids` in its scope.
    func respond(
        to request: SearchRequest,
        ids: [String],
        totalPages: Int = 3,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        respond(
            to: request,
            with: Fixtures.page(ids, in: request.scope, page: request.page, totalPages: totalPages),
            sourceLocation: sourceLocation
        )
    }

    /// Submits `query` and expects it to be the only pending request.
    func submit(_ query: String) {
        input.querySubmitted.send(query)
        scheduler.advance()
    }
}
