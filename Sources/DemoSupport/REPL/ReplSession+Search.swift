import Foundation
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals

extension ReplSession {
    /// Prints what the search's outputs say.
    func bindSearch(_ output: SearchViewModel.Output) {
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
            .bind { [weak self] isLoading in self?.setLoading("search", isLoading) }
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
            .bind { [weak self] error in
                self?.searchFailed = true
                self?.say("Error: \(error.message) Type `retry` to try again.")
            }
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
        searchFailed = false
        if newQuery.isEmpty {
            shown = .list
        } else {
            shown = .search
            say("Searching \(scope.rawValue) for \"\(newQuery)\":")
        }
    }

    private func scopeChanged(_ newScope: SearchScope) {
        guard newScope != scope else { return }
        scope = newScope
        searchFailed = false
        if !query.isEmpty { say("Searching \(newScope.rawValue) for \"\(query)\":") }
    }

    private func searchInserted(_ indexPaths: [IndexPath]) {
        searchFailed = false
        guard detail == nil else {
            say("(\(indexPaths.count) more results loaded)")
            return
        }
        for index in indexPaths.map(\.listItem) where index < results.count {
            say(numbered(index, DemoFormat.result(results[index])))
        }
        let shown = indexPaths.last.map { $0.listItem + 1 } ?? results.count
        say("(\(shown) shown; `next` for more, `open <n>` to open one)")
    }

    func showResults() {
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
}
