import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsTesting
import Testing

private let catURL = URL(string: "https://images.example/cat")!
private let dogURL = URL(string: "https://images.example/dog")!
private let owlURL = URL(string: "https://images.example/owl")!

private func bytes(_ count: Int, _ value: UInt8 = 1) -> Data { Data(repeating: value, count: count) }

@Suite struct MemoryCacheTests {
    @Test func aReadMakesAnEntryTheMostRecentlyUsed() {
        var cache = MemoryCache<String, Int>(costLimit: 100, expiry: .seconds(60))
        cache.insert(1, for: "a", cost: 10, now: .zero)
        cache.insert(2, for: "b", cost: 10, now: .zero)
        cache.insert(3, for: "c", cost: 10, now: .zero)
        #expect(cache.keysByRecency == ["c", "b", "a"])
        #expect(cache.value(for: "a", now: .zero) == 1)
        #expect(cache.keysByRecency == ["a", "c", "b"])
        #expect(cache.value(for: "b", now: .zero) == 2)
        #expect(cache.keysByRecency == ["b", "a", "c"])
    }

    @Test func insertingEvictsTheLeastRecentlyUsedUntilTheCostFits() {
        var cache = MemoryCache<String, Int>(costLimit: 100, expiry: .seconds(60))
        cache.insert(1, for: "a", cost: 40, now: .zero)
        cache.insert(2, for: "b", cost: 40, now: .zero)
        _ = cache.value(for: "a", now: .zero)
        cache.insert(3, for: "c", cost: 30, now: .zero)
        #expect(cache.keysByRecency == ["c", "a"])
        #expect(cache.totalCost == 70)
        cache.insert(4, for: "d", cost: 100, now: .zero)
        #expect(cache.keysByRecency == ["d"])
        #expect(cache.totalCost == 100)
    }

    @Test func aValueCostingMoreThanTheLimitIsNotStored() {
        var cache = MemoryCache<String, Int>(costLimit: 100, expiry: .seconds(60))
        cache.insert(1, for: "a", cost: 50, now: .zero)
        cache.insert(2, for: "big", cost: 101, now: .zero)
        #expect(cache.keysByRecency == ["a"])
        #expect(cache.value(for: "big", now: .zero) == nil)
    }

    @Test func replacingAKeyReplacesItsCost() {
        var cache = MemoryCache<String, Int>(costLimit: 100, expiry: .seconds(60))
        cache.insert(1, for: "a", cost: 50, now: .zero)
        cache.insert(2, for: "b", cost: 10, now: .zero)
        cache.insert(3, for: "a", cost: 20, now: .zero)
        #expect(cache.keysByRecency == ["a", "b"])
        #expect(cache.totalCost == 30)
        #expect(cache.value(for: "a", now: .zero) == 3)
    }

    @Test func anEntryExpiresAfterItsLastAccessNotItsInsertion() {
        var cache = MemoryCache<String, Int>(costLimit: 100, expiry: .seconds(60))
        cache.insert(1, for: "a", cost: 1, now: .zero)
        cache.insert(2, for: "b", cost: 1, now: .zero)
        #expect(cache.value(for: "a", now: .seconds(59)) == 1)
        #expect(cache.value(for: "a", now: .seconds(118)) == 1)
        #expect(cache.value(for: "b", now: .seconds(118)) == nil)
        #expect(cache.value(for: "a", now: .seconds(178)) == nil)
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
    }

    @Test func removingEntriesKeepsTheRecencyListConsistent() {
        var cache = MemoryCache<Int, Int>(costLimit: 1_000, expiry: .seconds(60))
        for key in 0..<10 { cache.insert(key, for: key, cost: 1, now: .zero) }
        cache.removeValue(for: 9)
        cache.removeValue(for: 0)
        cache.removeValue(for: 5)
        #expect(cache.keysByRecency == [8, 7, 6, 4, 3, 2, 1])
        _ = cache.value(for: 1, now: .zero)
        #expect(cache.keysByRecency == [1, 8, 7, 6, 4, 3, 2])
        cache.removeAll()
        #expect(cache.keysByRecency == [])
        #expect(cache.totalCost == 0)
    }
}

@Suite struct ImageLoaderTests {
    let fake = FakePhotoService()
    let scheduler = TestScheduler()

    func makeLoader(costLimit: Int = 1_000, expiry: Duration = .seconds(60)) -> ImageLoader {
        ImageLoader(service: fake.service, scheduler: scheduler, costLimit: costLimit, expiry: expiry)
    }

    @Test func aLoadedImageIsServedFromTheCacheWithoutASecondDownload() {
        let loader = makeLoader()
        let first = Recorder(loader.image(for: catURL))
        fake.images.respond(with: .success(bytes(10)))
        let second = Recorder(loader.image(for: catURL))
        #expect(first.events == [.value(.success(bytes(10))), .finished])
        #expect(second.events == [.value(.success(bytes(10))), .finished])
        #expect(fake.images.requests == [catURL])
        #expect(loader.downloadCount == 1)
        #expect(loader.cachedCost == 10)
    }

    @Test func concurrentRequestsForOneURLShareOneDownload() {
        let loader = makeLoader()
        let first = Recorder(loader.image(for: catURL))
        let second = Recorder(loader.image(for: catURL))
        let other = Recorder(loader.image(for: dogURL))
        #expect(fake.images.requests == [catURL, dogURL])
        fake.images.respond(to: catURL, with: .success(bytes(5)))
        #expect(first.events == [.value(.success(bytes(5))), .finished])
        #expect(second.events == [.value(.success(bytes(5))), .finished])
        #expect(other.events == [])
        #expect(loader.downloadCount == 2)
    }

    @Test func aSharedDownloadIsCancelledOnlyWhenTheLastRequestLeaves() {
        let loader = makeLoader()
        let first = Recorder(loader.image(for: catURL))
        let second = Recorder(loader.image(for: catURL))
        first.cancel()
        #expect(fake.images.cancelledRequests == [])
        second.cancel()
        #expect(fake.images.cancelledRequests == [catURL])
        let third = Recorder(loader.image(for: catURL))
        #expect(fake.images.requests == [catURL, catURL])
        fake.images.respond(with: .success(bytes(3)))
        #expect(third.values == [.success(bytes(3))])
        #expect(first.events == [])
    }

    @Test func aFailureReachesEveryoneWaitingAndIsNotCached() {
        let loader = makeLoader()
        let first = Recorder(loader.image(for: catURL))
        let second = Recorder(loader.image(for: catURL))
        fake.images.respond(with: .failure(offline))
        #expect(first.events == [.value(.failure(offline)), .finished])
        #expect(second.events == [.value(.failure(offline)), .finished])
        #expect(loader.cachedImage(for: catURL) == nil)
        let retry = Recorder(loader.image(for: catURL))
        #expect(fake.images.requests == [catURL, catURL])
        fake.images.respond(with: .success(bytes(2)))
        #expect(retry.values == [.success(bytes(2))])
    }

    @Test func aCachedImageExpiresAfterItWasLastUsed() {
        let loader = makeLoader(expiry: .seconds(60))
        let download = Recorder(loader.image(for: catURL))
        fake.images.respond(with: .success(bytes(4)))
        #expect(download.values == [.success(bytes(4))])
        scheduler.advance(by: .seconds(50))
        let hit = Recorder(loader.image(for: catURL))       // resets the expiry
        scheduler.advance(by: .seconds(50))
        let secondHit = Recorder(loader.image(for: catURL)) // 100 s after the download
        #expect(hit.values == [.success(bytes(4))])
        #expect(secondHit.values == [.success(bytes(4))])
        #expect(fake.images.requests == [catURL])
        scheduler.advance(by: .seconds(60))
        let miss = Recorder(loader.image(for: catURL))
        #expect(miss.events == [])
        #expect(fake.images.requests == [catURL, catURL])
        #expect(loader.cachedCost == 0)
    }

    @Test func theCacheEvictsTheLeastRecentlyUsedImageWhenItsCostLimitIsReached() {
        let loader = makeLoader(costLimit: 100)
        var downloads: [Recorder<Result<Data, UseCaseError>>] = []
        for url in [catURL, dogURL] {
            downloads.append(Recorder(loader.image(for: url)))
            fake.images.respond(to: url, with: .success(bytes(40)))
        }
        #expect(loader.cachedImage(for: catURL) != nil)  // the cat is now the most recent
        downloads.append(Recorder(loader.image(for: owlURL)))
        fake.images.respond(to: owlURL, with: .success(bytes(40)))
        #expect(downloads.map(\.values) == Array(repeating: [.success(bytes(40))], count: 3))
        #expect(loader.cachedCost == 80)
        #expect(loader.cachedImage(for: dogURL) == nil)
        #expect(loader.cachedImage(for: catURL) == bytes(40))
        #expect(loader.cachedImage(for: owlURL) == bytes(40))
        #expect(fake.images.requests == [catURL, dogURL, owlURL])
    }

    @Test func aDownloadThatEndsWithoutBytesFinishesTheWaitingStreams() {
        let loader = makeLoader()
        let waiting = Recorder(loader.image(for: catURL))
        fake.images.finishWithoutResponse()
        #expect(waiting.events == [.finished])
        #expect(loader.cachedCost == 0)
    }

    @Test func deallocatingTheLoaderCancelsItsDownloadsAndFinishesTheirStreams() {
        weak var weakLoader: ImageLoader?
        var waiting: Recorder<Result<Data, UseCaseError>>?
        do {
            let loader = makeLoader()
            weakLoader = loader
            waiting = Recorder(loader.image(for: catURL))
        }
        #expect(weakLoader == nil)
        #expect(fake.images.cancelledRequests == [catURL])
        #expect(waiting?.events == [.finished])
    }

    @Test func concurrentRequestsFromManyThreadsShareDownloadsSafely() async {
        let loader = makeLoader(costLimit: 1_000_000)
        let urls = (0..<8).map { URL(string: "https://images.example/\($0)")! }
        let fake = self.fake
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        let url = urls[(worker + round) % urls.count]
                        let token = loader.image(for: url).bind { _ in }
                        if round % 3 == 0 { fake.images.respond(with: .success(bytes(1))) }
                        if round % 2 == 0 { token.cancel() }
                    }
                }
            }
        }
        while fake.images.respond(with: .success(bytes(1))) {}
        #expect(fake.images.pendingRequests == [])
        #expect(loader.downloadCount == fake.images.requests.count)
    }

    @Test func aRequestMadeWhileTheImageIsDeliveredIsServedFromTheCache() {
        let loader = makeLoader()
        var late: Recorder<Result<Data, UseCaseError>>?
        let first = loader.image(for: catURL).bind { _ in late = Recorder(loader.image(for: catURL)) }
        let second = Recorder(loader.image(for: catURL))
        fake.images.respond(with: .success(bytes(6)))
        #expect(late?.events == [.value(.success(bytes(6))), .finished])
        #expect(second.events == [.value(.success(bytes(6))), .finished])
        #expect(fake.images.requests == [catURL])
        #expect(loader.downloadCount == 1)
        withExtendedLifetime(first) {}
    }

    @Test func aRequestMadeWhileAFailureIsDeliveredDownloadsOnceMore() {
        let loader = makeLoader()
        var late: Recorder<Result<Data, UseCaseError>>?
        let first = loader.image(for: catURL).bind { _ in late = Recorder(loader.image(for: catURL)) }
        let second = Recorder(loader.image(for: catURL))
        fake.images.respond(with: .failure(offline))
        #expect(second.events == [.value(.failure(offline)), .finished])
        #expect(late?.events == [])
        let joining = Recorder(loader.image(for: catURL))
        #expect(fake.images.requests == [catURL, catURL])
        fake.images.respond(with: .success(bytes(2)))
        #expect(late?.events == [.value(.success(bytes(2))), .finished])
        #expect(joining.events == [.value(.success(bytes(2))), .finished])
        #expect(loader.downloadCount == 2)
        withExtendedLifetime(first) {}
    }

    @Test func aDownloadLeftByEveryoneIsReplacedByANewOneThatLaterRequestsShare() {
        let loader = makeLoader()
        Recorder(loader.image(for: catURL)).cancel()
        let first = Recorder(loader.image(for: catURL))
        let second = Recorder(loader.image(for: catURL))
        #expect(fake.images.requests == [catURL, catURL])
        #expect(fake.images.cancelledRequests == [catURL])
        fake.images.respond(with: .success(bytes(7)))
        #expect(first.events == [.value(.success(bytes(7))), .finished])
        #expect(second.events == first.events)
        #expect(loader.downloadCount == 2)
    }

    /// The service's cancellation asks for the same URL again, as another thread could at the
    /// moment the last request leaves.
    @Test func aRequestArrivingAsTheLastOneLeavesStartsOneDownloadThatLaterRequestsShare() {
        let images = fake.images
        let onCancel = Locked<(@Sendable () -> Void)?>(nil)
        let service = PhotoService(
            editorialPhotos: { _, _ in .never },
            search: { _, _, _, _ in .never },
            photoDetail: { _ in .never },
            imageData: { url in
                images(url).handleEvents(onCancel: {
                    let action = onCancel.withLock { action in
                        defer { action = nil }
                        return action
                    }
                    action?()
                })
            }
        )
        let loader = ImageLoader(service: service, scheduler: scheduler)
        let arriving = Locked<[any Cancellable]>([])
        let arrivingResults = Locked<[Result<Data, UseCaseError>]>([])
        let leaving = Recorder(loader.image(for: catURL))
        onCancel.withLock { action in
            action = {
                let token = loader.image(for: catURL).bind { result in arrivingResults.withLock { $0.append(result) } }
                arriving.withLock { $0.append(token) }
            }
        }
        leaving.cancel()
        let later = Recorder(loader.image(for: catURL))
        #expect(images.requests == [catURL, catURL])
        #expect(loader.downloadCount == 2)
        images.respond(with: .success(bytes(8)))
        #expect(arrivingResults.withLock { $0 } == [.success(bytes(8))])
        #expect(later.events == [.value(.success(bytes(8))), .finished])
        #expect(images.pendingRequests == [])
    }

    @Test func everyRequestFromManyThreadsGetsExactlyOneResultThenFinishes() async {
        let loader = makeLoader(costLimit: 1)   // nothing fits: every request waits on a download
        let urls = (0..<4).map { URL(string: "https://images.example/\($0)")! }
        let fake = self.fake
        let recorders = await withTaskGroup(of: [Recorder<Result<Data, UseCaseError>>].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var recorders: [Recorder<Result<Data, UseCaseError>>] = []
                    for round in 0..<200 {
                        recorders.append(Recorder(loader.image(for: urls[(worker + round) % urls.count])))
                        fake.images.respond(with: round % 2 == 0 ? .success(bytes(2)) : .failure(offline))
                    }
                    return recorders
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        while fake.images.respond(with: .success(bytes(2))) {}
        for recorder in recorders {
            #expect(recorder.events.count == 2)
            #expect(recorder.events.last == .finished)
        }
        #expect(loader.downloadCount == fake.images.requests.count)
    }

    @Test func aSourceThatAnswersSynchronouslyIsDeliveredAndCached() {
        let downloads = Counter()
        let service = PhotoService(
            editorialPhotos: { _, _ in .never },
            search: { _, _, _, _ in .never },
            photoDetail: { _ in .never },
            imageData: { url in
                downloads.increment()
                return .just(.success(Data(url.absoluteString.utf8)))
            }
        )
        let loader = ImageLoader(service: service, scheduler: ImmediateScheduler())
        let first = Recorder(loader.image(for: catURL))
        let second = Recorder(loader.image(for: catURL))
        #expect(first.events == [.value(.success(Data(catURL.absoluteString.utf8))), .finished])
        #expect(second.events == first.events)
        #expect(downloads.value == 1)

        let cell = PhotoCellViewModel(photo: makePhoto(1), loader: loader, scheduler: ImmediateScheduler())
        let input = PhotoCellViewModel.Input()
        let output = cell.transform(input: input)
        let image = Recorder(output.image)
        let isLoading = Recorder(output.isLoading)
        input.displayed.fire()
        input.endedDisplaying.fire()
        input.displayed.fire()
        #expect(image.values == [nil, Data(makePhoto(1).urls.small.absoluteString.utf8)])
        #expect(isLoading.values == [false, true, false])
        #expect(downloads.value == 2)
    }
}
