extension ObservableConvertible {
    /// Shares one upstream binding among all bindings of the result.
    ///
    /// The first binding binds upstream; later bindings receive the values sent from then on
    /// (no replay); when the last binding is cancelled, upstream is cancelled, and a later
    /// binding binds it afresh. When upstream finishes, every current binding finishes and the
    /// next binding starts a new upstream binding (RxSwift's `share()`; Combine's `share()`
    /// instead stays finished).
    ///
    /// The shared connection lives as long as the returned stream or any of its bindings: a
    /// binding keeps receiving after the stream value itself has been dropped.
    public func share() -> Observable<Value> {
        let connection = ShareConnection(upstream: asObservable())
        return Observable { connection.bind($0) }
    }

    /// Shares one upstream binding, made now, among all bindings of the result: hot sharing
    /// that connects at definition (RxSwift's `publish().connect()`, Combine's
    /// `makeConnectable().connect()`), and disconnects when `bag` cancels.
    ///
    /// Bindings receive the values sent after they were made (no replay). Because the stream
    /// is connected where it is defined, streams built from it in `transform` see each value in
    /// the order they were defined there, whatever order the view binds the outputs in (see
    /// "Glitches and the order of bindings" in the contract). When upstream finishes, every
    /// binding finishes and later bindings finish at once. Cancelling `bag` stops delivery
    /// without finishing the bindings.
    ///
    /// ```swift
    /// let requests = input.query.map(SearchRequest.init).share(in: bag)
    /// let isLoadingStarts = requests.map { _ in true }.share(in: bag)  // sees each request first
    /// let responses = requests.flatMapLatest(service.search).share(in: bag)
    /// ```
    public func share(in bag: CancellableBag) -> Observable<Value> {
        let core = StreamCore<Value>()
        let connection = asObservable().subscribe(Observer(
            onValue: { core.send($0) },
            onFinish: { core.finish() }
        ))
        bag.insert(connection)
        return Observable { core.bind($0) }
    }
}

/// The shared upstream binding behind `share()`.
final class ShareConnection<Value>: @unchecked Sendable {
    // Lock holder: the `var`s below are guarded by `lock`.
    private let lock = Lock()
    private let upstream: Observable<Value>
    /// Makes the core each connection delivers through (a replaying one for `share(replay:)`).
    private let makeCore: () -> StreamCore<Value>
    private var core: StreamCore<Value>
    private var bindings = 0
    private var upstreamToken: (any Cancellable)?

    init(upstream: Observable<Value>, makeCore: @escaping () -> StreamCore<Value> = { StreamCore() }) {
        self.upstream = upstream
        self.makeCore = makeCore
        core = makeCore()
    }

    deinit { lock.deallocate() }

    func bind(_ observer: Observer<Value>) -> Cancellable {
        lock.lock()
        let core = self.core
        bindings += 1
        let connects = bindings == 1
        lock.unlock()

        let token = core.bind(observer)
        if connects {
            let upstreamToken = upstream.subscribe(Observer(
                onValue: { core.send($0) },
                onFinish: { [weak self] in
                    self?.upstreamFinished(core)
                    core.finish()
                }
            ))
            lock.lock()
            let keep = core === self.core && bindings > 0
            if keep { self.upstreamToken = upstreamToken }
            lock.unlock()
            if !keep { upstreamToken.cancel() }
        }
        // The token owns the connection (a binding keeps alive everything it needs); the
        // connection owns only the upstream token, so releasing every token frees it all.
        return AnyCancellable {
            token.cancel()
            self.release(core)
        }
    }

    private func upstreamFinished(_ finished: StreamCore<Value>) {
        lock.lock()
        guard finished === core else {
            lock.unlock()
            return
        }
        core = makeCore()
        bindings = 0
        let token = upstreamToken
        upstreamToken = nil
        lock.unlock()
        withExtendedLifetime(token) {}
    }

    private func release(_ released: StreamCore<Value>) {
        lock.lock()
        guard released === core else {
            lock.unlock()
            return
        }
        bindings -= 1
        var token: (any Cancellable)?
        if bindings == 0 {
            token = upstreamToken
            upstreamToken = nil
            // A replaying core must not replay to the next connection what this one saw.
            core = makeCore()
        }
        lock.unlock()
        token?.cancel()
    }
}
