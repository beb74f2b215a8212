import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
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

/// What the list should show, computed from the responses the test delivered.
private struct Model {
    var generation = 0
    var totalPages = 6
    /// The generation each request was made in, by request order.
    var requestGenerations: [Int] = []
    /// Responses given but still queued on the scheduler: (generation, page, result).
    var queued: [(generation: Int, page: Int, result: Result<Page<Photo>, UseCaseError>)] = []
    /// The successful pages delivered in the current generation, in order.
    var pages: [[Int]] = []
    var isExhausted = false
    var isLoading = false
    var errors = 0
    /// How often each interesting thing happened, to check the run exercised it.
    var deliveredPages = 0
    var droppedStale = 0
    var duplicatesSeen = 0

    /// The de-duplicated concatenation of the current generation's successful pages.
    var expectedItems: [Int] {
        var seen = Set<Int>()
        return pages.joined().filter { seen.insert($0).inserted }
    }
}

@Suite struct RandomizedListTests {
    private enum Step: CaseIterable {
        case appear, display, next, refresh, retry, succeed, fail, advance
    }

    /// Steps drawn uniformly from this list: a refresh one time in 33.
    private static let weightedSteps: [Step] =
        [.refresh] + Array(repeating: [.appear, .display, .display, .display, .next, .retry,
                                       .succeed, .succeed, .succeed, .fail, .advance, .advance, .advance,
                                       .advance, .display, .display], count: 2).flatMap { $0 }

    @Test(arguments: [1, 2, 3, 42, 2_024, 31_337, 0xC0FFEE, 0xDEAD_BEEF] as [UInt64])
    func randomInterleavingsShowExactlyTheDeduplicatedSuccessfulPagesOfTheCurrentGeneration(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let viewModel = PhotoListViewModel(service: fake.service, scheduler: scheduler, pageSize: 6)
        let input = PhotoListViewModel.Input()
        let output = viewModel.transform(input: input)

        // The "view": applies reloads and inserts to its own array, as a collection view would.
        var shown: [Int] = []
        var violations: [String] = []
        let errors = Recorder(output.error)
        let isLoading = Recorder(output.isLoading)
        let reloadToken = output.reloaded.bind { shown = [] }
        let insertToken = output.insertedIndexPaths.bind { indexPaths in
            let items = indexPaths.map(\.item)
            if items != Array(shown.count..<shown.count + items.count) || items.isEmpty {
                violations.append("inserted \(items) after \(shown.count) items")
            }
            if indexPaths.contains(where: { $0.section != 0 }) { violations.append("section ≠ 0") }
            shown += items.compactMap { viewModel.photo(at: $0) }.map { Int($0.id.dropFirst())! }
        }

        var model = Model()
        for stepNumber in 0..<500 {
            // Once the feed is read to its end only a refresh does anything: make one likelier.
            let step = model.isExhausted && Int.random(in: 0..<4, using: &random) == 0
                ? .refresh
                : Self.weightedSteps.randomElement(using: &random)!
            switch step {
            case .appear:
                input.appeared.fire()
            case .display:
                // Mostly near the end, where prefetching happens; sometimes anywhere, or out of range.
                let index = Bool.random(using: &random)
                    ? shown.count - Int.random(in: 1...5, using: &random)
                    : Int.random(in: -1...(shown.count + 1), using: &random)
                input.itemDisplayed.send(index)
            case .next:
                input.nextPage.fire()
            case .refresh:
                model.generation += 1
                model.totalPages = Int.random(in: 1...10, using: &random)
                model.pages = []
                model.isExhausted = false
                model.isLoading = false
                input.refresh.fire()
            case .retry:
                input.retry.fire()
            case .succeed, .fail:
                guard let pending = fake.editorial.pendingRequests.first else { break }
                let result: Result<Page<Photo>, UseCaseError>
                if step == .succeed {
                    let count = Int.random(in: 0...8, using: &random) == 0 ? 0 : Int.random(in: 1...6, using: &random)
                    let ids = (0..<count).map { _ in Int.random(in: 0..<12, using: &random) }
                    result = .success(photoPage(ids, page: pending.page, totalPages: model.totalPages))
                } else {
                    result = .failure(offline)
                }
                fake.editorial.respond(with: result)
                model.queued.append((model.requestGenerations.last!, pending.page, result))
            case .advance:
                scheduler.advance()
                model.droppedStale += model.queued.filter { $0.generation != model.generation }.count
                for response in model.queued where response.generation == model.generation {
                    model.isLoading = false
                    switch response.result {
                    case .success(let page):
                        let before = model.expectedItems.count
                        model.pages.append(numbers(page.items))
                        model.deliveredPages += 1
                        model.duplicatesSeen += page.items.count - (model.expectedItems.count - before)
                        model.isExhausted = page.items.isEmpty || response.page >= model.totalPages
                    case .failure:
                        model.errors += 1
                    }
                }
                model.queued = []
            }
            // Requests made by this step belong to the current generation.
            let requestCount = fake.editorial.requests.count
            while model.requestGenerations.count < requestCount {
                model.requestGenerations.append(model.generation)
                model.isLoading = true
            }

            let context = "seed \(seed), step \(stepNumber) (\(step))"
            let expected = model.expectedItems
            #expect(shown == expected, "\(context): the view shows what was delivered")
            #expect(numbers(viewModel.photos) == expected, "\(context): photos")
            #expect(violations == [], "\(context)")
            #expect(errors.values.count == model.errors, "\(context): one error per current failure")
            #expect(isLoading.lastValue == model.isLoading, "\(context): loading")
            let pending = fake.editorial.pendingRequests
            #expect(pending.count <= 1, "\(context): one request in flight")
            if let request = pending.first {
                #expect(request.page == model.pages.count + 1, "\(context): the page advances only on success")
                #expect(!model.isExhausted, "\(context): no request past the last page")
                #expect(model.requestGenerations.last == model.generation, "\(context): pending is current")
            }
            if violations != [] || shown != expected { break }
        }
        // The run must have exercised paging, duplicates and stale responses.
        #expect(model.deliveredPages >= 15, "seed \(seed): \(model.deliveredPages) pages delivered")
        #expect(model.duplicatesSeen >= 5, "seed \(seed): \(model.duplicatesSeen) duplicates")
        #expect(model.droppedStale >= 1, "seed \(seed): \(model.droppedStale) stale responses")
        #expect(model.generation >= 5, "seed \(seed): \(model.generation) refreshes")
        withExtendedLifetime((reloadToken, insertToken)) {}
    }
}
