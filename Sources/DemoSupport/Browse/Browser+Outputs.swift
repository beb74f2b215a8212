import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals

// What the browser's view models say, turned into the state the frame is drawn from.
extension Browser {
    func bindList() {
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

    func bindSearch() {
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

    func bindPreview() {
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

    func open(_ viewModel: PhotoDetailViewModel) {
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

    func closeDetail(at index: Int) {
        detail = nil
        // Back on the list at the photo the pager ended on.
        if index < itemCount {
            selection = index
            scrollToSelection()
            selectionDisplayed()
        }
        changed()
    }
}
