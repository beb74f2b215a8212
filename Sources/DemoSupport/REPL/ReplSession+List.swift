import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals

extension ReplSession {
    /// Prints what the editorial list's outputs say.
    func bindList(_ output: PhotoListViewModel.Output) {
        output.isLoading
            .bind { [weak self] isLoading in self?.setLoading("list", isLoading) }
            .store(in: bag)
        output.insertedIndexPaths
            .bind { [weak self] indexPaths in self?.listInserted(indexPaths) }
            .store(in: bag)
        output.isEmpty
            .bind { [weak self] isEmpty in if isEmpty { self?.say("The editorial feed is empty.") } }
            .store(in: bag)
        output.error
            .bind { [weak self] error in
                self?.listFailed = true
                self?.say("Error: \(error.message) Type `retry` to try again.")
            }
            .store(in: bag)
        output.detail
            .bind { [weak self] detail in self?.open(detail) }
            .store(in: bag)
    }

    private func listInserted(_ indexPaths: [IndexPath]) {
        listFailed = false
        if detail != nil {
            say("(\(indexPaths.count) more photos loaded)")
        } else if shown == .list {
            let photos = list.photos
            for index in indexPaths.map(\.listItem) where photos.indices.contains(index) {
                say(numbered(index, DemoFormat.photo(photos[index])))
            }
        }
    }

    func showList() {
        let photos = list.photos
        say("Editorial photos (\(photos.count) loaded; `next` for more):")
        for (index, photo) in photos.enumerated() { say(numbered(index, DemoFormat.photo(photo))) }
    }
}
