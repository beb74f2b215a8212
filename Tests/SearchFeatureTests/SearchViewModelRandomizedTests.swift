import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals
import SignalsTesting
import Testing

/// Random inputs against a fake whose answers (pages with duplicates and wrong kinds,
/// failures, silent ends) arrive after random virtual delays; after every step the outputs
/// are checked against a reference model of the rules.
@Suite struct SearchViewModelRandomizedTests {
    /// One request as the random fake saw it; `serial` tells equal requests apart.
    struct Request: Hashable, Sendable {
        let serial: Int
        let scope: SearchScope
        let query: String
        let page: Int
    }

    /// Failures the fake delivered to a pending request and no error has accounted for yet.
    final class FailureLog: Sendable {
        private let requests = Locked<[Request]>([])
        func append(_ request: Request) { requests.withLock { $0.append(request) } }
        var all: [Request] { requests.withLock { $0 } }
        /// Removes the oldest failure of `query` in `scope`; false if there is none.
        func take(query: String?, scope: SearchScope?) -> Bool {
            requests.withLock { failures in
                guard let index = failures.firstIndex(where: { $0.query == query && $0.scope == scope }) else { return false }
                failures.remove(at: index)
                return true
            }
        }
    }

    final class Counter: Sendable {
        private let value = Locked(0)
        func increment() -> Int { value.withLock { $0 += 1; return $0 } }
        var current: Int { value.withLock { $0 } }
    }

    /// What the outputs must show, per the rules.
    struct Model {
        var query: String?
        var scope = SearchScope.photos
        var message: String?
        var typed: String?
        var typedDue: Duration?
    }

    static let texts = [
        "cats", " cats ", "dogs", "sun  set", "🐈‍⬛", "قطط", "", "   ", "\u{7}", "c\u{0}ats",
        String(repeating: "z", count: 250),
    ]
    static let instantDelay = Duration.milliseconds(300)

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomInputsKeepEveryInvariant(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        let steps = 400
        let pageSize = Int.random(in: 1...5, using: &random)
        let scheduler = TestScheduler()
        let requests = ScriptedRequests<Request, SearchResponse>()
        let serials = Counter()
        let failures = FailureLog()
        let service = PhotoService(
            editorialPhotos: { _, _ in .never },
            search: { scope, query, page, _ in
                requests(Request(serial: serials.increment(), scope: scope, query: query, page: page))
            },
            photoDetail: { _ in .never },
            imageData: { _ in .never }
        )
        let viewModel = SearchViewModel(
            service: service,
            scheduler: scheduler,
            pageSize: pageSize,
            instantSearchDelay: Self.instantDelay
        )
        let input = SearchViewModel.Input()
        let output = viewModel.transform(input: input)

        // What the outputs show, and the checks made as they emit.
        var violations: [String] = []
        var results = SearchResults.empty
        var shown = 0          // items the "view" shows, from resets and inserts
        var errors = 0
        var mostShown = 0      // coverage: the longest list the run reached
        let query = Recorder(output.query)
        let scope = Recorder(output.scope)
        let isLoading = Recorder(output.isLoading)
        let message = Recorder(output.validationMessage)
        let tokens: [any Cancellable] = [
            output.results.bind { results = $0 },
            output.resultsReset.bind {
                if !results.isEmpty { violations.append("resultsReset before results were emptied") }
                shown = 0
            },
            output.insertedIndexPaths.bind { paths in
                let expected = (shown..<(shown + paths.count)).indexPaths()
                if paths.isEmpty || paths != expected {
                    violations.append("inserted \(paths) after \(shown) shown")
                }
                shown += paths.count
                mostShown = max(mostShown, shown)
                if results.count != shown { violations.append("inserted up to \(shown) but results has \(results.count)") }
            },
            // An error must be a failure of the search shown when it is emitted, reported once.
            output.error.bind { _ in
                errors += 1
                if !failures.take(query: query.lastValue, scope: scope.lastValue) {
                    violations.append("an error for no failure of \(String(describing: scope.lastValue))/\(String(describing: query.lastValue))")
                }
            },
        ]
        defer { tokens.forEach { $0.cancel() } }

        var model = Model()
        var scheduledThrough = 0

        func startedSearch(_ text: String) {
            model.query = text
            model.message = nil
        }

        func submit(_ text: String) {
            model.typed = nil
            model.typedDue = scheduler.now + Self.instantDelay
            do {
                let query = try SearchQuery(validating: text)
                model.message = nil
                startedSearch(query.text)
            } catch {
                model.message = error.message
            }
        }

        func typedPause() {
            guard let due = model.typedDue, due <= scheduler.now else { return }
            if let text = model.typed, let query = try? SearchQuery(validating: text), query.text != model.query {
                startedSearch(query.text)
            }
            model.typed = nil
            model.typedDue = nil
        }

        /// Schedules an answer, after a random delay, for each request made since last time.
        func answerNewRequests() {
            let all = requests.requests
            while scheduledThrough < all.count {
                let request = all[scheduledThrough]
                scheduledThrough += 1
                let delay = scheduler.ticks(Int.random(in: 0...6, using: &random))
                let roll = Int.random(in: 0..<100, using: &random)
                if roll < 15 {
                    scheduler.schedule(after: delay) {
                        if requests.respond(with: .failure(Fixtures.offline), where: { $0 == request }) {
                            failures.append(request)
                        }
                    }
                } else if roll < 20 {
                    scheduler.schedule(after: delay) {
                        requests.finishWithoutResponse(where: { $0 == request })
                    }
                } else {
                    // Mostly full pages; ids drawn from a small range so pages overlap.
                    let totalPages = Int.random(in: 1...6, using: &random)
                    let count = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0...pageSize, using: &random) : pageSize
                    var items = (0..<count).map { _ in
                        Fixtures.item("\(request.query)#\(Int.random(in: 0..<(pageSize * 5), using: &random))", in: request.scope)
                    }
                    if Int.random(in: 0..<10, using: &random) == 0 {
                        let other = SearchScope.allCases.filter { $0 != request.scope }.randomElement(using: &random)!
                        items.append(Fixtures.item("\(request.query)#wrong", in: other))
                    }
                    let page = Page(items: items, total: totalPages * pageSize, totalPages: totalPages, page: request.page)
                    scheduler.schedule(after: delay) {
                        requests.respond(with: .success(page), where: { $0 == request })
                    }
                }
            }
        }

        func check(step: Int, action: String) -> Bool {
            var problems = violations
            violations.removeAll()
            let ids = results.map(\.id)
            if Set(ids).count != ids.count { problems.append("duplicate results \(ids)") }
            if let current = model.query {
                for item in results where item.scope != model.scope || !Self.rawID(item).hasPrefix(current + "#") {
                    problems.append("\(item.id) does not belong to \(model.scope)/\(current)")
                }
            } else if !results.isEmpty {
                problems.append("results \(ids) without a query")
            }
            if shown != results.count { problems.append("view shows \(shown), results has \(results.count)") }
            let pending = requests.pendingRequests
            let current = pending.filter { $0.query == model.query && $0.scope == model.scope }
            if pending.count != current.count { problems.append("stale requests still pending: \(pending)") }
            if current.count > 1 { problems.append("several requests in flight: \(current)") }
            if isLoading.lastValue != !current.isEmpty {
                problems.append("isLoading \(String(describing: isLoading.lastValue)) with pending \(pending)")
            }
            if query.lastValue != (model.query ?? "") { problems.append("query \(String(describing: query.lastValue)), model \(String(describing: model.query))") }
            if scope.lastValue != model.scope { problems.append("scope \(String(describing: scope.lastValue)), model \(model.scope)") }
            if message.lastValue != .some(model.message) { problems.append("message \(String(describing: message.lastValue)), model \(String(describing: model.message))") }
            // A failure of the latest request, whose query and scope are still shown, must have
            // been reported (anything newer would have made a request or changed the model).
            for failure in failures.all where failure.serial == serials.current
                && failure.query == model.query && failure.scope == model.scope {
                problems.append("failure of \(failure) was not reported")
            }
            guard problems.isEmpty else {
                let report = "seed \(seed), page size \(pageSize), step \(step) (\(action)):\n" + problems.joined(separator: "\n")
                Issue.record(Comment(rawValue: report))
                return false
            }
            return true
        }

        for step in 0..<steps {
            let action: String
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<3:
                action = "editingBegan"
                input.editingBegan.fire()
            case 3..<9:
                let text = Self.texts.randomElement(using: &random)!
                action = "queryChanged(\(text.debugDescription))"
                model.typed = text
                model.typedDue = scheduler.now + Self.instantDelay
                input.queryChanged.send(text)
            case 9..<17:
                let text = Self.texts.randomElement(using: &random)!
                action = "querySubmitted(\(text.debugDescription))"
                submit(text)
                input.querySubmitted.send(text)
            case 17..<19:
                action = "cancelTapped"
                model.query = nil
                model.message = nil
                model.typed = nil
                model.typedDue = scheduler.now + Self.instantDelay
                input.cancelTapped.fire()
            case 19..<24:
                let newScope = SearchScope.allCases.randomElement(using: &random)!
                action = "scopeSelected(\(newScope))"
                model.scope = newScope
                input.scopeSelected.send(newScope)
            case 24..<36:
                action = "nextPageRequested"
                input.nextPageRequested.fire()
            case 36..<52:
                let index = Int.random(in: -1...(results.count + 1), using: &random)
                action = "itemDisplayed(\(index))"
                input.itemDisplayed.send(index)
            case 52..<54:
                let index = Int.random(in: -1...(results.count + 1), using: &random)
                action = "itemSelected(\(index))"
                input.itemSelected.send(index)
            case 54..<60:
                action = "retryTapped"
                input.retryTapped.fire()
            default:
                let ticks = Int.random(in: 0...4, using: &random)
                action = "advance \(ticks) ticks"
                // Step through time one tick at a time so the model sees the debounce fire
                // before later answers in the same stretch.
                for _ in 0..<max(ticks, 1) {
                    answerNewRequests()
                    scheduler.advance(by: ticks == 0 ? .zero : scheduler.tick)
                    typedPause()
                }
            }
            answerNewRequests()
            scheduler.advance()
            typedPause()
            answerNewRequests()
            guard check(step: step, action: action) else { return }
        }
        // Drain: every answer arrives; the invariants still hold and nothing is left loading
        // except a request the fake never answers.
        scheduler.run()
        typedPause()
        answerNewRequests()
        scheduler.run()
        guard check(step: steps, action: "drain") else { return }

        // The run reached the interesting states, so passing means something.
        #expect(requests.requests.contains { $0.page > 1 }, "no second page was ever requested")
        #expect(!requests.cancelledRequests.isEmpty, "no request was ever cancelled")
        #expect(errors > 0, "no failure of a current request")
        #expect(mostShown > pageSize, "never more than one page shown")
    }

    /// The catalog ID without the kind prefix.
    static func rawID(_ item: SearchResultItem) -> String {
        switch item {
        case .photo(let photo): photo.id
        case .collection(let collection): collection.id
        case .user(let user): user.id
        }
    }
}
