import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsTesting

/// An editorial-feed request as the fake service records it.
struct EditorialRequest: Hashable, Sendable, CustomStringConvertible {
    let page: Int
    let perPage: Int
    var description: String { "page \(page) (\(perPage))" }
}

/// A `PhotoService` whose every request is a `ScriptedRequests` the test answers.
final class FakePhotoService: Sendable {
    let editorial = ScriptedRequests<EditorialRequest, Result<Page<Photo>, UseCaseError>>()
    let details = ScriptedRequests<String, Result<PhotoDetail, UseCaseError>>()
    let images = ScriptedRequests<URL, Result<Data, UseCaseError>>()

    var service: PhotoService {
        let editorial = editorial
        let details = details
        let images = images
        return PhotoService(
            editorialPhotos: { page, perPage in editorial(EditorialRequest(page: page, perPage: perPage)) },
            search: { _, _, _, _ in .never },
            photoDetail: { id in details(id) },
            imageData: { url in images(url) }
        )
    }

    /// Answers the pending request for `page` with photos `ids`.
    @discardableResult
    func respond(page: Int, ids: [Int], totalPages: Int) -> Bool {
        editorial.respond(with: .success(photoPage(ids, page: page, totalPages: totalPages)), where: { $0.page == page })
    }

    /// Fails the pending request for `page`.
    @discardableResult
    func fail(page: Int, with error: UseCaseError = offline) -> Bool {
        editorial.respond(with: .failure(error), where: { $0.page == page })
    }

    /// The pages requested so far, in order.
    var requestedPages: [Int] { editorial.requests.map(\.page) }
    /// The pages waiting for an answer.
    var pendingPages: [Int] { editorial.pendingRequests.map(\.page) }
    /// The pages whose requests were cancelled.
    var cancelledPages: [Int] { editorial.cancelledRequests.map(\.page) }
}

/// A photo with a predictable id (`p<number>`), photographer and URLs.
func makePhoto(_ number: Int) -> Photo {
    let base = "https://images.example/\(number)"
    return Photo(
        id: "p\(number)",
        width: 400,
        height: 300,
        color: "#\(String(format: "%06X", number % 0xFFFFFF))",
        urls: PhotoURLs(
            raw: URL(string: "\(base)/raw")!,
            full: URL(string: "\(base)/full")!,
            regular: URL(string: "\(base)/regular")!,
            small: URL(string: "\(base)/small")!,
            thumb: URL(string: "\(base)/thumb")!
        ),
        user: UserProfile(id: "u\(number)", username: "user\(number)", name: "Photographer \(number)")
    )
}

/// A page of photos numbered `ids`.
func photoPage(_ ids: [Int], page: Int, totalPages: Int) -> Page<Photo> {
    Page(items: ids.map(makePhoto), total: totalPages * max(ids.count, 1), totalPages: totalPages, page: page)
}

/// Index paths in section 0.
func paths(_ items: Range<Int>) -> [IndexPath] { items.indexPaths() }

/// The photo numbers of `photos` (`p12` → 12).
func numbers(_ photos: [Photo]) -> [Int] { photos.map { Int($0.id.dropFirst())! } }

/// A list's view model and its input, output and recorders of every output.
final class ListHarness {
    let fake = FakePhotoService()
    let scheduler = TestScheduler()
    let viewModel: PhotoListViewModel
    let input = PhotoListViewModel.Input()
    let output: PhotoListViewModel.Output
    let inserted: Recorder<[IndexPath]>
    let reloaded: Recorder<Void>
    let isLoading: Recorder<Bool>
    let isEmpty: Recorder<Bool>
    let errors: Recorder<UseCaseError>
    let details: Recorder<PhotoDetailViewModel>

    init(pageSize: Int = 30) {
        viewModel = PhotoListViewModel(service: fake.service, scheduler: scheduler, pageSize: pageSize)
        output = viewModel.transform(input: input)
        inserted = Recorder(output.insertedIndexPaths)
        reloaded = Recorder(output.reloaded)
        isLoading = Recorder(output.isLoading)
        isEmpty = Recorder(output.isEmpty)
        errors = Recorder(output.error)
        details = Recorder(output.detail)
    }

    /// Answers the pending request for `page` and runs the scheduler so the list receives it.
    func deliver(page: Int, ids: [Int], totalPages: Int) {
        fake.respond(page: page, ids: ids, totalPages: totalPages)
        scheduler.advance()
    }

    /// Fails the pending request for `page` and runs the scheduler.
    func deliverFailure(page: Int, _ error: UseCaseError = offline) {
        fake.fail(page: page, with: error)
        scheduler.advance()
    }

    /// The photo numbers the view model holds.
    var shown: [Int] { numbers(viewModel.photos) }
}

/// A transport failure.
let offline = UseCaseError.network(.transportFailure(reason: "offline"))

/// A thread-safe counter for `@Sendable` test closures.
final class Counter: Sendable {
    private let storage = Locked(0)
    func increment() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}
