import Foundation
import Signals
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignalsPhotoData
import SignalsPhotoDomain

/// The repository a Demo run uses, built from its ``DemoConfiguration``, with a way to make
/// the next search fail on purpose (for the tour's error-and-retry step).
package struct PhotoSource: Sendable {
    /// Where photos come from.
    package let repository: any PhotoRepository
    /// One line naming the source, such as `the embedded catalog (1,200 photos)`.
    package let summary: String
    /// Makes the next search request fail with a simulated transport error.
    package let failNextSearch: @Sendable () -> Void

    /// Creates a source from its parts.
    package init(repository: any PhotoRepository, summary: String, failNextSearch: @escaping @Sendable () -> Void) {
        self.repository = repository
        self.summary = summary
        self.failNextSearch = failNextSearch
    }

    /// The seed `--fail-rate` draws from, so a flaky run fails the same calls every time.
    package static let failureSeed: UInt64 = 2_024

    /// Builds the source `configuration` names. The embedded catalog waits `latency` for real
    /// when `appliesLatency` is true (the REPL); the tour counts latency in virtual time instead.
    ///
    /// Throws `UseCaseError.catalogUnavailable` if the embedded catalog cannot be loaded.
    package static func make(for configuration: DemoConfiguration, appliesLatency: Bool) throws -> PhotoSource {
        let base: any PhotoRepository
        let summary: String
        var failures = FailureInjection.none
        switch configuration.source {
        case .embedded:
            if configuration.failureRate > 0 {
                failures = .failureRate(configuration.failureRate, seed: failureSeed)
            }
            let latency = appliesLatency ? (configuration.latency ?? .zero) : .zero
            let embedded = try EmbeddedPhotoRepository(configuration: .init(latency: latency))
            base = embedded
            summary = "the embedded catalog (\(DemoFormat.count(embedded.photoCount)) photos)"
        case .unsplash(let baseURL, let accessKey):
            base = UnsplashPhotoRepository(
                accessKey: accessKey, baseURL: baseURL, configuration: .ephemeral,
                limits: HTTPLimits(requestDeadline: configuration.requestDeadline ?? HTTPLimits.defaultRequestDeadline)
            )
            summary = "the Unsplash API at \(CredentialRedaction.redacted(baseURL))"
        }
        // Every source fails on purpose the same way: through PhotoData's one decorator.
        let failing = FailureInjectingRepository(base: base, failures: failures)
        return PhotoSource(
            repository: failing,
            summary: summary,
            failNextSearch: {
                failing.injectFailures(.failNext(1, operations: [.search]))
            }
        )
    }
}
