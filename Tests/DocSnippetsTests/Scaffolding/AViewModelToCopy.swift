import Foundation
import ListFeature
import PhotoDomain
import Signals

// The list view model around the article's `transform(input:)`: its inputs, outputs and the
// members the excerpt reads (`load`, `detail`, `list`, `scheduler`, `prefetchDistance`).
extension AViewModelToCopyDoc {
    final class PhotoListViewModel: ViewModelType {
        struct Input {
            let appeared = Subject<Void>()
            let itemDisplayed = Subject<Int>()
            let retry = Subject<Void>()
        }

        struct Output {
            let insertedIndexPaths: Observable<[IndexPath]>
            let reloaded: Observable<Void>
            let isLoading: Observable<Bool>
            let isEmpty: Observable<Bool>
            let error: Observable<UseCaseError>
            let detail: Observable<Int>
        }

        static let prefetchDistance = 3
        let bag = CancellableBag()
        let scheduler: any Scheduler = ImmediateScheduler()
        let load: PagedList<Photo>.Load = { _ in .just(.success(Page(items: [], total: 0, totalPages: 0, page: 1))) }
        let detail = Subject<Int>()
        var list: PagedList<Photo>?
    }
}
