import SignalsPhotoList
import SignalsPhotoDomain
import Signals

extension ReplSession {
    /// Shows the detail pager `viewModel` emitted by the list or the search.
    func open(_ viewModel: PhotoDetailViewModel) {
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
            .bind { [weak self] isLoading in self?.setLoading("info", isLoading) }
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
    func closeDetail() {
        if detail != nil { loading.remove("info") }
        detail = nil
    }
}
