import Foundation
import SignalsPhotoDomain
import Signals

/// The view models' reactive view of the photo data: every request is a cold stream that, per
/// binding, delivers one `Result` and finishes; cancelling the binding cancels the request.
///
/// Build it from any `PhotoRepository` with `init(repository:)`. Tests build it
/// from closures (``init(editorialPhotos:search:photoDetail:imageData:)``) that return streams
/// they control, so every response arrives exactly when the test says, with no waiting.
public struct PhotoService: Sendable {
    /// The editorial feed: page (from 1) and page size.
    public var editorialPhotos: @Sendable (_ page: Int, _ perPage: Int) -> Observable<Result<Page<Photo>, UseCaseError>>
    /// Search in a scope: scope, query, page (from 1) and page size.
    public var search: @Sendable (_ scope: SearchScope, _ query: String, _ page: Int, _ perPage: Int) -> Observable<Result<Page<SearchResultItem>, UseCaseError>>
    /// A photo's details by id.
    public var photoDetail: @Sendable (_ id: String) -> Observable<Result<PhotoDetail, UseCaseError>>
    /// Image bytes by URL.
    public var imageData: @Sendable (_ url: URL) -> Observable<Result<Data, UseCaseError>>

    /// Creates a service from request functions.
    public init(
        editorialPhotos: @escaping @Sendable (_ page: Int, _ perPage: Int) -> Observable<Result<Page<Photo>, UseCaseError>>,
        search: @escaping @Sendable (_ scope: SearchScope, _ query: String, _ page: Int, _ perPage: Int) -> Observable<Result<Page<SearchResultItem>, UseCaseError>>,
        photoDetail: @escaping @Sendable (_ id: String) -> Observable<Result<PhotoDetail, UseCaseError>>,
        imageData: @escaping @Sendable (_ url: URL) -> Observable<Result<Data, UseCaseError>>
    ) {
        self.editorialPhotos = editorialPhotos
        self.search = search
        self.photoDetail = photoDetail
        self.imageData = imageData
    }

    /// Runs each request as a `Task` on `repository`; cancelling a binding cancels its task.
    /// Errors become `UseCaseError`s; a cancelled request delivers nothing.
    public init(repository: some PhotoRepository) {
        self.init(
            editorialPhotos: { page, perPage in
                .request { try await repository.editorialPhotos(page: page, perPage: perPage) }
            },
            search: { scope, query, page, perPage in
                .request { try await repository.search(scope, query: query, page: page, perPage: perPage) }
            },
            photoDetail: { id in
                .request { try await repository.photoDetail(id: id) }
            },
            imageData: { url in
                .request { try await repository.imageData(from: url) }
            }
        )
    }
}

extension Observable {
    /// One async request as a stream of its `UseCaseError`-typed result (cancellation delivers
    /// nothing and just finishes).
    static func request<T: Sendable>(
        _ operation: @escaping @Sendable () async throws -> T
    ) -> Observable<Result<T, UseCaseError>> where Value == Result<T, UseCaseError> {
        Observable<Result<T, any Error>>.task(operation).compactMap { result in
            switch result {
            case .success(let value): return .success(value)
            case .failure(let error): return UseCaseError(reporting: error).map { .failure($0) }
            }
        }
    }
}

extension UseCaseError {
    /// The user-facing error for `error`, or `nil` for cancellation (never shown to users).
    public init?(reporting error: any Error) {
        switch error {
        case is CancellationError:
            return nil
        case let error as UseCaseError:
            self = error
        case let error as NetworkError:
            self = .network(error)
        case let error as URLError where error.code == .cancelled:
            return nil
        default:
            self = .network(.transportFailure(reason: String(describing: error)))
        }
    }
}
