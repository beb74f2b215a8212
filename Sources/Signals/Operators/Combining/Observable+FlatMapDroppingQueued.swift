/// An inner stream of `flatMap(maxConcurrent:droppingQueued:…)` with the value it was made
/// from, so that a drop request can be matched against the value.
struct QueuedInner<Value, T> {
    let value: Value
    let stream: Observable<T>
}

/// The wiring of `flatMap(maxConcurrent:droppingQueued:where:_:)`: the machine of
/// `flatMap(maxConcurrent:)` behind a serializer, plus drop requests that take waiting inner
/// streams out before their turn.
struct FlatMapDroppingQueuedBinding<Value, T>: Sendable {
    typealias Machine = FlatMapMaxConcurrentStateMachine<QueuedInner<Value, T>>
    let serializer: Serializer<Machine, T>
    /// The drop requests' binding, cancelled when the result finishes or is cancelled.
    let dropsToken = LateCancellable()

    init(limit: Int, downstream: Observer<T>) {
        serializer = Serializer(state: Machine(limit: limit), downstream: downstream)
    }

    /// Runs one decision; a finish is delivered through the serializer, in decision order.
    func decide(_ body: (inout Machine) -> Machine.Step) -> Machine.Step {
        var step = Machine.Step.idle
        serializer.run { state in
            step = body(&state)
            if case .finish = step { return .finish }
            return .none
        }
        return step
    }

    /// Performs `step`: as the admitter, binds inner streams until the machine says stop.
    func perform(_ step: Machine.Step) {
        var step = step
        while case .bind(let inner, let id) = step {
            let finished = FinishFlag()
            let token = inner.stream.subscribe(Observer(
                onValue: { self.serializer.send($0) },
                onFinish: {
                    finished.set()
                    self.perform(self.decide { $0.innerFinished(id: id) })
                }
            ))
            let isFinished = finished.isSet
            serializer.withState { $0.innerBound(token, id: id, isFinished: isFinished) }?.cancel()
            step = decide { $0.admitted() }
        }
        if case .finish = step { dropsToken.cancel() }
    }

    /// A drop request: `isDropped` (user code) runs outside the lock over a snapshot of the
    /// waiting inner streams; those it picks that still wait are dropped.
    func drop(where isDropped: (Value) -> Bool) {
        let numbers = serializer.withState { $0.waitingSnapshot() }
            .filter { isDropped($0.inner.value) }
            .map(\.number)
        guard !numbers.isEmpty else { return }
        var dropped: [QueuedInner<Value, T>] = []
        perform(decide { state in
            let result = state.dropWaiting(numbers)
            dropped = result.dropped
            return result.step
        })
        withExtendedLifetime(dropped) {}
    }

    func cancel() {
        serializer.cancel()
        dropsToken.cancel()
        for token in serializer.withState({ $0.cancelled() }) { token.cancel() }
    }
}

extension ObservableConvertible {
    /// ``flatMap(maxConcurrent:_:)`` whose waiting inner streams can be dropped before their
    /// turn: each value of `drops` drops the waiting ones whose value `isDropped` picks.
    ///
    /// ```swift
    /// let progress = photosPicked
    ///     .flatMap(maxConcurrent: 2, droppingQueued: albumDeleted, where: { album, photo in photo.albumID == album }) {
    ///         photo in uploader.upload(photo)
    ///     }
    /// ```
    ///
    /// - Only **waiting** inner streams are dropped: they are never bound, and the result no
    ///   longer waits for them to finish. Running ones are not touched (cancel them through their
    ///   own stream, e.g. `take(until:)`). A value of `drops` that picks none does nothing.
    /// - `isDropped` runs once per waiting inner stream for each value of `drops`, on the thread
    ///   that delivered it, with no lock held. An inner stream admitted meanwhile is not dropped.
    /// - `drops` is bound with the result and cancelled when the result finishes or is
    ///   cancelled; its finish changes nothing.
    /// - Everything else is as in ``flatMap(maxConcurrent:_:)``: `transform` runs when a value
    ///   arrives, waiting streams are bound in arrival order, and the result finishes when
    ///   upstream and every inner stream not dropped have finished.
    public func flatMap<T, Drop>(
        maxConcurrent: Int,
        droppingQueued drops: some ObservableConvertible<Drop>,
        where isDropped: @escaping (Drop, Value) -> Bool,
        _ transform: @escaping (Value) -> Observable<T>
    ) -> Observable<T> {
        precondition(maxConcurrent >= 1, "flatMap(maxConcurrent:droppingQueued:where:_:) needs a limit of one or more")
        let upstream = asObservable().subscribe
        let drops = drops.asObservable()
        return Observable<T> { downstream in
            let binding = FlatMapDroppingQueuedBinding<Value, T>(limit: maxConcurrent, downstream: downstream)
            binding.dropsToken.set(drops.subscribe(Observer(
                onValue: { request in binding.drop { isDropped(request, $0) } },
                onFinish: {}
            )))
            let outerToken = upstream(Observer(
                onValue: { value in
                    let inner = QueuedInner(value: value, stream: transform(value))
                    binding.perform(binding.decide { $0.valueArrived(inner) })
                },
                onFinish: { binding.perform(binding.decide { $0.outerFinished() }) }
            ))
            return AnyCancellable {
                binding.cancel()
                outerToken.cancel()
            }
        }
    }

    /// ``flatMap(maxConcurrent:droppingQueued:where:_:)`` by key: each key that `drops` delivers
    /// drops the waiting inner streams whose value has that key (an upload cancelled before
    /// its turn).
    ///
    /// ```swift
    /// let progress = photosPicked
    ///     .flatMap(maxConcurrent: 2, droppingQueued: input.cancelUploadTapped, by: \.id) { photo in
    ///         uploader.upload(photo)
    ///     }
    /// ```
    public func flatMap<T, Key: Equatable>(
        maxConcurrent: Int,
        droppingQueued drops: some ObservableConvertible<Key>,
        by key: @escaping (Value) -> Key,
        _ transform: @escaping (Value) -> Observable<T>
    ) -> Observable<T> {
        flatMap(maxConcurrent: maxConcurrent, droppingQueued: drops, where: { dropped, value in key(value) == dropped }, transform)
    }
}
