import Foundation
import Signals
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PhotoData
import PhotoDomain

/// The repository a Demo run uses, built from its ``DemoConfiguration``, with a way to make
/// the next search fail on purpose (for the tour's error-and-retry step).
public struct PhotoSource: Sendable {
    /// Where photos come from.
    public let repository: any PhotoRepository
    /// One line naming the source, such as `the embedded catalog (1,200 photos)`.
    public let summary: String
    /// Makes the next search request fail with a simulated transport error.
    public let failNextSearch: @Sendable () -> Void

    /// Creates a source from its parts.
    public init(repository: any PhotoRepository, summary: String, failNextSearch: @escaping @Sendable () -> Void) {
        self.repository = repository
        self.summary = summary
        self.failNextSearch = failNextSearch
    }

    /// The seed `--fail-rate` draws from, so a flaky run fails the same calls every time.
    public static let failureSeed: UInt64 = 2_024

    /// Builds the source `configuration` names. The embedded catalog waits `latency` for real
    /// when `appliesLatency` is true (the REPL); the tour counts latency in virtual time instead.
    ///
    /// Throws `UseCaseError.catalogUnavailable` if the embedded catalog cannot be loaded.
    public static func make(for configuration: DemoConfiguration, appliesLatency: Bool) throws -> PhotoSource {
        switch configuration.source {
        case .embedded:
            let failures: FailureInjection = configuration.failureRate > 0
                ? .failureRate(configuration.failureRate, seed: failureSeed)
                : .none
            let latency = appliesLatency ? (configuration.latency ?? .zero) : .zero
            let repository = try EmbeddedPhotoRepository(
                configuration: .init(latency: latency, failures: failures)
            )
            return PhotoSource(
                repository: repository,
                summary: "the embedded catalog (\(DemoFormat.count(repository.photoCount)) photos)",
                failNextSearch: {
                    repository.injectFailures(.failNext(1, operations: [.search]))
                }
            )
        case .unsplash(let baseURL, let accessKey):
            // The HTTP source has no failure injection of its own: PhotoData's decorator adds it.
            let failing = FailureInjectingRepository(
                base: UnsplashPhotoRepository(
                    accessKey: accessKey, baseURL: baseURL, configuration: .ephemeral,
                    limits: HTTPLimits(requestDeadline: configuration.requestDeadline ?? HTTPLimits.defaultRequestDeadline)
                )
            )
            return PhotoSource(
                repository: failing,
                summary: "the Unsplash API at \(CredentialRedaction.redacted(baseURL))",
                failNextSearch: {
                    failing.injectFailures(.failNext(1, operations: [.search]))
                }
            )
        }
    }
}
