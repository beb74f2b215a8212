import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsPaging

// The list view model around the article's `transform(input:)`: its inputs, outputs and the
// members the excerpt reads (`service`, `pageSize`, `scheduler`, `detail`, `list`).
extension AViewModelToCopyDoc {
    /// The article is about `PhotoDomain`'s photos, not the shared snippets' `Photo`.
    typealias Photo = SignalsPhotoDomain.Photo

    final class PhotoListViewModel: ViewModelType {
        typealias Photo = SignalsPhotoDomain.Photo

        struct Input {
            let appeared = Subject<Void>()
            let refresh = Subject<Void>()
            let itemDisplayed = Subject<Int>()
            let nextPage = Subject<Void>()
            let retry = Subject<Void>()
        }

        struct Output {
            let insertedIndexPaths: Observable<[IndexPath]>
            let reloaded: Observable<Void>
            let isLoading: Observable<Bool>
            let isEmpty: Observable<Bool>
            let error: Observable<UseCaseError>
            let detail: Observable<Int>
            let footer: Observable<PagingFooter<UseCaseError>>
            let hasMore: Observable<Bool>
        }

        static let prefetchDistance = 3
        let bag = CancellableBag()
        let pageSize = 30
        let scheduler: any Scheduler = ImmediateScheduler()
        let service = PhotoService(
            editorialPhotos: { page, _ in .just(.success(Page(items: [], total: 0, totalPages: 0, page: page))) },
            search: { _, _, page, _ in .just(.success(Page(items: [], total: 0, totalPages: 0, page: page))) },
            photoDetail: { _ in .empty },
            imageData: { _ in .empty }
        )
        let detail = Subject<Int>()
        var list: Paginator<Photo, UseCaseError, Int>?
    }
}
