import Foundation
import SignalsPhotoDomain

/// A repository that forwards to another and fails calls as a ``FailureInjection`` says: the
/// package's one way to fail calls on purpose, for any source (the embedded catalog, the
/// Unsplash API, a test double).
///
/// A call asks the base first and decides afterwards, so a failed call takes as long as a real
/// one (the embedded catalog's latency), is cancelled like one, and bad input (an empty query)
/// still gets its own error. The decision is deterministic: the same plan and the same sequence
/// of calls fail the same calls.
///
/// ```swift
/// let repository = FailureInjectingRepository(
///     base: try EmbeddedPhotoRepository(),
///     failures: .failureRate(0.25, seed: 42)
/// )
/// repository.injectFailures(.failNext(1, operations: [.search]))
/// ```
public final class FailureInjectingRepository: PhotoRepository {
    private let base: any PhotoRepository
    private let failureState: Locked<FailureState>

    /// Wraps `base`, failing calls as `failures` says.
    public init(base: any PhotoRepository, failures: FailureInjection = .none) {
        self.base = base
        self.failureState = Locked(FailureState(failures))
    }

    /// Replaces the failure plan from now on; counts and generator positions start over.
    public func injectFailures(_ failures: FailureInjection) {
        failureState.withLock { $0 = FailureState(failures) }
    }

    /// The base's page of editorial photos, or the planned failure.
    public func editorialPhotos(page: Int, perPage: Int) async throws -> Page<Photo> {
        let answer = try await base.editorialPhotos(page: page, perPage: perPage)
        try failIfPlanned(.editorial)
        return answer
    }

    /// The base's search results, or the planned failure.
    public func search(_ scope: SearchScope, query: String, page: Int, perPage: Int) async throws -> Page<SearchResultItem> {
        let answer = try await base.search(scope, query: query, page: page, perPage: perPage)
        try failIfPlanned(.search)
        return answer
    }

    /// The base's photo detail, or the planned failure.
    public func photoDetail(id: String) async throws -> PhotoDetail {
        let answer = try await base.photoDetail(id: id)
        try failIfPlanned(.detail)
        return answer
    }

    /// The base's image bytes, or the planned failure.
    public func imageData(from url: URL) async throws -> Data {
        let answer = try await base.imageData(from: url)
        try failIfPlanned(.image)
        return answer
    }

    private func failIfPlanned(_ operation: RepositoryOperation) throws {
        if let error = failureState.withLock({ $0.nextFailure(for: operation) }) {
            throw error
        }
    }
}
