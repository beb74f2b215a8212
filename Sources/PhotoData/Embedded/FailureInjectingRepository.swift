import Foundation
import PhotoDomain
import Signals

/// A repository that forwards to another but fails calls as a `FailureInjection` says: the
/// package's one failure-injecting decorator, for sources without injection of their own (the
/// Demo's HTTP source). It draws from the same `FailureState` as `EmbeddedPhotoRepository`.
package final class FailureInjectingRepository: PhotoRepository {
    private let base: any PhotoRepository
    private let failureState: Locked<FailureState>

    /// Wraps `base`, failing calls as `failures` says.
    package init(base: any PhotoRepository, failures: FailureInjection = .none) {
        self.base = base
        self.failureState = Locked(FailureState(failures))
    }

    /// Replaces the failure injection; counts and generator positions start over.
    package func injectFailures(_ failures: FailureInjection) {
        failureState.withLock { $0 = FailureState(failures) }
    }

    package func editorialPhotos(page: Int, perPage: Int) async throws -> Page<Photo> {
        try failIfInjected(.editorial)
        return try await base.editorialPhotos(page: page, perPage: perPage)
    }

    package func search(_ scope: SearchScope, query: String, page: Int, perPage: Int) async throws -> Page<SearchResultItem> {
        try failIfInjected(.search)
        return try await base.search(scope, query: query, page: page, perPage: perPage)
    }

    package func photoDetail(id: String) async throws -> PhotoDetail {
        try failIfInjected(.detail)
        return try await base.photoDetail(id: id)
    }

    package func imageData(from url: URL) async throws -> Data {
        try failIfInjected(.image)
        return try await base.imageData(from: url)
    }

    private func failIfInjected(_ operation: RepositoryOperation) throws {
        if let error = failureState.withLock({ $0.nextFailure(for: operation) }) {
            throw error
        }
    }
}
