import SignalsPhotoList
import Signals

/// How many requests a screen sent, how many are in flight, and how many were cancelled
/// before they answered.
package struct RequestCounts: Hashable, Sendable {
    /// Requests started.
    package var sent = 0
    /// Requests started that have neither answered nor been cancelled.
    package var inFlight = 0
    /// Requests cancelled before they answered (a newer query superseded them).
    package var cancelled = 0

    /// Creates counts.
    package init(sent: Int = 0, inFlight: Int = 0, cancelled: Int = 0) {
        self.sent = sent
        self.inFlight = inFlight
        self.cancelled = cancelled
    }

    /// `requests: 3 sent · 1 in flight · 1 cancelled`.
    package var summary: String {
        "requests: \(sent) sent · \(inFlight) in flight · \(cancelled) cancelled"
    }
}

/// Counts the requests of a ``ListFeature/PhotoService``: wrap the service with ``route(_:)``
/// and read ``counts`` (from any thread).
///
/// ```swift
/// let counter = RequestCounter()
/// let service = counter.route(PhotoService(repository: repository))
/// counter.counts.summary   // "requests: 0 sent · 0 in flight · 0 cancelled"
/// ```
package final class RequestCounter: Sendable {
    private let state = Locked(RequestCounts())

    /// Creates a counter at zero.
    package init() {}

    /// The counts now.
    package var counts: RequestCounts { state.withLock { $0 } }

    /// The same service with every request counted.
    package func route(_ service: PhotoService) -> PhotoService {
        PhotoService(
            editorialPhotos: { [self] page, perPage in count(service.editorialPhotos(page, perPage)) },
            search: { [self] scope, query, page, perPage in count(service.search(scope, query, page, perPage)) },
            photoDetail: { [self] id in count(service.photoDetail(id)) },
            imageData: { [self] url in count(service.imageData(url)) }
        )
    }

    /// `upstream` with each binding counted: sent when bound, answered when it finishes,
    /// cancelled when its binding is cancelled first.
    package func count<Value>(_ upstream: Observable<Value>) -> Observable<Value> {
        Observable.create { [self] observer in
            state.withLock {
                $0.sent += 1
                $0.inFlight += 1
            }
            let answered = Locked(false)
            let token = upstream.bind(
                onValue: { observer.send($0) },
                onFinish: { [self] in
                    if answered.withLock({ done in defer { done = true }; return !done }) {
                        state.withLock { $0.inFlight -= 1 }
                    }
                    observer.finish()
                }
            )
            return AnyCancellable { [self] in
                token.cancel()
                if answered.withLock({ done in defer { done = true }; return !done }) {
                    state.withLock {
                        $0.inFlight -= 1
                        $0.cancelled += 1
                    }
                }
            }
        }
    }
}
