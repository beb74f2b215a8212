import Signals
import SignalsTesting
import Testing

/// `share(in:)`: hot sharing connected at definition (issue 22 item 7).
@Suite(.deadlockWatchdog) struct ShareInTests {
    @Test func connectsUpstreamOnceAtDefinitionAndDisconnectsWhenTheBagCancels() {
        let subject = Subject<Int>()
        let bag = CancellableBag()
        let shared = subject.map { $0 * 2 }.share(in: bag)
        #expect(subject.bindingCount == 1)
        subject.send(1)  // no binding yet: nobody sees it
        let first = Recorder(shared)
        let second = Recorder(shared)
        subject.send(2)
        #expect(subject.bindingCount == 1)
        bag.cancelAll()
        #expect(subject.bindingCount == 0)
        subject.send(3)
        #expect(first.events == [.value(4)])
        #expect(second.events == [.value(4)])
    }

    @Test func upstreamFinishingFinishesEveryBindingAndLaterBindingsAtOnce() {
        let subject = Subject<Int>()
        let bag = CancellableBag()
        let shared = subject.share(in: bag)
        let early = Recorder(shared)
        subject.send(1)
        subject.finish()
        let late = Recorder(shared)
        #expect(early.events == [.value(1), .finished])
        #expect(late.events == [.finished])
    }

    @Test func bindingsKeepReceivingAfterTheStreamValueIsDropped() {
        let subject = Subject<Int>()
        let bag = CancellableBag()
        var shared: Observable<Int>? = subject.share(in: bag)
        let recorder = Recorder(shared!)
        shared = nil
        subject.send(7)
        #expect(recorder.values == [7])
    }

    // MARK: The kickstarter search scenario

    /// A port of the loader flag of kickstarter's search view model: one shared request stream
    /// feeds the loader (`true` when a request starts) and the shared responses (`false` when
    /// one arrives, so the page is fetched once). The empty query's page ("popular") comes from
    /// a cache at once; a search takes 1 s.
    final class SearchLoaderModel {
        enum Sharing { case lazy, atDefinition }
        struct Input {
            let viewWillAppear = Subject<Void>()
            let searchTextChanged = Subject<String>()
        }
        struct Output {
            let isLoading: Observable<Bool>
            let projects: Observable<[String]>
        }

        let bag = CancellableBag()
        let scheduler: TestScheduler
        let sharing: Sharing

        init(scheduler: TestScheduler, sharing: Sharing) {
            self.scheduler = scheduler
            self.sharing = sharing
        }

        func shared<Value>(_ stream: Observable<Value>) -> Observable<Value> {
            switch sharing {
            case .lazy: stream.share()
            case .atDefinition: stream.share(in: bag)
            }
        }

        func search(_ query: String) -> Observable<[String]> {
            if query.isEmpty { return .just(["popular"]) }
            return Observable.just(["\(query) 1"]).delay(for: .seconds(1), scheduler: scheduler)
        }

        func transform(input: Input) -> Output {
            let requests = shared(Observable.merge(input.viewWillAppear.map { "" }, input.searchTextChanged))
            // Defined before the responses, so it sees each request before its response.
            let isLoadingStarts = shared(requests.map { _ in true })
            let responses = shared(requests.flatMapLatest { [unowned self] in search($0) })
            return Output(isLoading: .merge(isLoadingStarts, responses.map { _ in false }), projects: responses)
        }
    }

    /// Binds the loader before or after the list (a screen that lays out its list first binds
    /// it first), then appears, searches "b", waits for it, and searches "ba".
    func loaderHistory(_ sharing: SearchLoaderModel.Sharing, loaderBoundFirst: Bool) -> [Bool] {
        let scheduler = TestScheduler()
        let model = SearchLoaderModel(scheduler: scheduler, sharing: sharing)
        let input = SearchLoaderModel.Input()
        let output = model.transform(input: input)
        var recorders: (projects: Recorder<[String]>?, loader: Recorder<Bool>?) = (nil, nil)
        if loaderBoundFirst { recorders.loader = Recorder(output.isLoading) }
        recorders.projects = Recorder(output.projects)
        if !loaderBoundFirst { recorders.loader = Recorder(output.isLoading) }
        input.viewWillAppear.send(())
        input.searchTextChanged.send("b")
        scheduler.advance(by: .seconds(1))
        input.searchTextChanged.send("ba")
        #expect(recorders.projects?.values == [["popular"], ["b 1"]])
        return recorders.loader?.values ?? []
    }

    @Test func sharedInTheBagTheLoaderSeesEachRequestBeforeItsResponseWhateverOrderTheOutputsAreBoundIn() {
        let reactiveSwiftHistory = [true, false, true, false, true]
        #expect(loaderHistory(.atDefinition, loaderBoundFirst: false) == reactiveSwiftHistory)
        #expect(loaderHistory(.atDefinition, loaderBoundFirst: true) == reactiveSwiftHistory)
    }

    /// The glitch rule with a lazily connected `share()`: the shared stream's bindings are made
    /// when the view binds the outputs, so the order the loader sees requests and responses in
    /// is the order the outputs were bound in. Bound list-first, the cached page's `false`
    /// arrives before its request's `true`, and the loader is left spinning.
    @Test func lazilySharedTheLoaderDependsOnTheOrderTheOutputsAreBoundIn() {
        #expect(loaderHistory(.lazy, loaderBoundFirst: true) == [true, false, true, false, true])
        #expect(loaderHistory(.lazy, loaderBoundFirst: false) == [false, true, true, false, true])
    }
}
