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
}

/// The shared upstream binding behind `share()`.
@usableFromInline
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

    @usableFromInline
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
