import Foundation
import SignalsPhotoDomain
import Signals

/// Loads image bytes by URL through a ``PhotoService``, with a memory cache and shared
/// downloads. Cell view models share one loader.
///
/// ```swift
/// let loader = ImageLoader(service: service, scheduler: .main)
/// loader.image(for: photo.urls.small)
///     .receive(on: DispatchQueueScheduler.main)
///     .bind { result in … }
///     .store(in: bag)
/// ```
///
/// Rules:
/// - A cached image is delivered at once; reading it makes it the most recently used and
///   resets its expiry (time comes from the scheduler's `now`).
/// - The cache holds at most `costLimit` bytes, evicting the least recently used images first.
/// - Concurrent requests for one URL share one download; the download is cancelled when the
///   last of them is cancelled. A failure is delivered to everyone waiting and is not cached,
///   so the next request downloads again.
/// - Deallocating the loader cancels its downloads and finishes the streams waiting on them.
///
/// **Threading.** The loader is thread-safe: one lock guards the cache and the table of
/// downloads in flight, and no lock is held while a download starts, is cancelled, or delivers.
/// Results are delivered on the thread the service delivers on; add `receive(on:)` to move them.
public final class ImageLoader: Sendable {
    /// The default cache size: 50 MB.
    public static let defaultCostLimit = 50 * 1024 * 1024
    /// The default time an unused image stays cached: five minutes.
    public static let defaultExpiry: Duration = .seconds(300)

    private typealias ImageObserver = Observer<Result<Data, UseCaseError>>

    /// One download in flight and the streams waiting on it.
    private struct Download {
        let id: Int
        var waiting: [(id: Int, observer: ImageObserver)]
        var token: (any Cancellable)?
    }

    private struct State {
        var cache: MemoryCache<URL, Data>
        var downloads: [URL: Download] = [:]
        var lastID = 0
        var downloadCount = 0
    }

    private enum Attachment {
        case hit(Data)
        case joined(Int)
        case started(Int)
    }

    private let service: PhotoService
    private let scheduler: any Scheduler
    private let state: Locked<State>

    /// Creates a loader that downloads through `service.imageData` and reads the time for cache
    /// expiry from `scheduler.now`.
    public init(
        service: PhotoService,
        scheduler: any Scheduler,
        costLimit: Int = ImageLoader.defaultCostLimit,
        expiry: Duration = ImageLoader.defaultExpiry
    ) {
        self.service = service
        self.scheduler = scheduler
        state = Locked(State(cache: MemoryCache(costLimit: costLimit, expiry: expiry)))
    }

    deinit {
        let downloads = state.withLock { state in
            defer { state.downloads.removeAll() }
            return Array(state.downloads.values)
        }
        for download in downloads {
            download.token?.cancel()
            for waiting in download.waiting { waiting.observer.finish() }
        }
    }

    /// The image at `url`: per binding, delivers one result and finishes (from the cache at
    /// once, or when the shared download ends). Cancelling the binding leaves the download;
    /// the last one to leave cancels it.
    public func image(for url: URL) -> Observable<Result<Data, UseCaseError>> {
        Observable.create { [weak self] observer in
            guard let self else {
                observer.finish()
                return AnyCancellable()
            }
            return self.attach(observer, to: url)
        }
    }

    /// The cached bytes for `url`, if any; a hit counts as a use (LRU order and expiry).
    public func cachedImage(for url: URL) -> Data? {
        let now = scheduler.now
        return state.withLock { $0.cache.value(for: url, now: now) }
    }

    /// The total bytes cached now.
    public var cachedCost: Int { state.withLock { $0.cache.totalCost } }

    /// The number of downloads started so far (shared requests count once).
    public var downloadCount: Int { state.withLock { $0.downloadCount } }

    /// Empties the cache (downloads in flight continue).
    public func removeAllCachedImages() {
        state.withLock { $0.cache.removeAll() }
    }

    // MARK: - Downloads

    private func attach(_ observer: ImageObserver, to url: URL) -> any Cancellable {
        let now = scheduler.now
        let attachment: Attachment = state.withLock { state in
            if let data = state.cache.value(for: url, now: now) { return .hit(data) }
            state.lastID += 1
            let id = state.lastID
            if state.downloads[url] != nil {
                state.downloads[url]?.waiting.append((id, observer))
                return .joined(id)
            }
            state.downloadCount += 1
            state.downloads[url] = Download(id: id, waiting: [(id, observer)], token: nil)
            return .started(id)
        }
        switch attachment {
        case .hit(let data):
            observer.send(.success(data))
            observer.finish()
            return AnyCancellable()
        case .joined(let id):
            return AnyCancellable { [weak self] in self?.detach(id, from: url) }
        case .started(let id):
            let token = service.imageData(url).bind(
                onValue: { [weak self] result in self?.complete(url, download: id, with: result) },
                onFinish: { [weak self] in self?.complete(url, download: id, with: nil) }
            )
            let isRunning = state.withLock { state in
                guard state.downloads[url]?.id == id else { return false }
                state.downloads[url]?.token = token
                return true
            }
            // A download that ended synchronously (or was left already) needs no token.
            if !isRunning { token.cancel() }
            return AnyCancellable { [weak self] in self?.detach(id, from: url) }
        }
    }

    private func detach(_ id: Int, from url: URL) {
        let abandoned: (any Cancellable)? = state.withLock { state in
            guard var download = state.downloads[url],
                  let index = download.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            download.waiting.remove(at: index)
            if download.waiting.isEmpty {
                state.downloads[url] = nil
                return download.token ?? AnyCancellable()
            }
            state.downloads[url] = download
            return nil
        }
        abandoned?.cancel()
    }

    private func complete(_ url: URL, download id: Int, with result: Result<Data, UseCaseError>?) {
        let now = scheduler.now
        let finished: Download? = state.withLock { state in
            guard let download = state.downloads[url], download.id == id else { return nil }
            state.downloads[url] = nil
            if case .success(let data)? = result {
                state.cache.insert(data, for: url, cost: data.count, now: now)
            }
            return download
        }
        guard let finished else { return }
        for waiting in finished.waiting {
            if let result { waiting.observer.send(result) }
            waiting.observer.finish()
        }
        // The download's token is released here, outside the lock.
        withExtendedLifetime(finished.token) {}
    }
}
