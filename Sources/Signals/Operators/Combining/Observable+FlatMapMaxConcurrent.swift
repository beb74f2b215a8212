/// The decisions of `flatMap(maxConcurrent:)` and `concatMap`: which inner streams run, which
/// wait (in arrival order), who binds the next one, and when everything has finished.
///
/// One thread at a time is the *admitter*: it binds waiting inner streams one after another
/// until the limit is reached or none waits. An inner stream that finishes, or an outer value
/// that arrives, while someone else is admitting only updates the counts; the admitter picks
/// the change up before it gives the role back. So an inner stream that finishes while it is
/// being bound (a `just`) never binds the next one from inside its own binding, and a long
/// queue of such streams is worked through in a loop, not a recursion.
@usableFromInline
struct FlatMapMaxConcurrentStateMachine<Inner> {
    /// What the caller does next.
    @usableFromInline
    enum Step {
        /// Bind `inner` as inner stream `id`, then report `innerBound` and call `admitted()`.
        case bind(Inner, id: Int)
        /// Deliver the finish: upstream and every inner stream have finished.
        case finish
        /// Nothing to do.
        case idle
    }

    @usableFromInline let limit: Int
    /// Inner streams that wait for a free place, oldest first (from `head`); nil for one taken
    /// out (admitted, or dropped by `dropWaiting`).
    @usableFromInline var waiting: ContiguousArray<Inner?> = []
    @usableFromInline var head = 0
    /// Inner streams that wait for a place (the non-nil entries of `waiting`).
    @usableFromInline private(set) var waitingCount = 0
    /// The number of `waiting[0]`: each inner stream is numbered in arrival order, so that
    /// `dropWaiting` can name one across compactions.
    @usableFromInline var firstWaitingNumber = 0
    /// Tokens of the running inner streams that are bound and not yet finished.
    @usableFromInline var tokens: [Int: any Cancellable] = [:]
    /// Inner streams admitted and not finished (bound, or being bound).
    @usableFromInline var running = 0
    @usableFromInline var nextID = 0
    /// Some thread holds the admitter role.
    @usableFromInline var isAdmitting = false
    @usableFromInline var isOuterFinished = false
    @usableFromInline var isEnded = false

    @inlinable
    init(limit: Int) {
        precondition(limit >= 1, "flatMap(maxConcurrent:) needs a limit of one or more")
        self.limit = limit
    }

    /// Upstream delivered a value, mapped to `inner`: it waits its turn, and the caller binds
    /// it (or an older one) now if there is a place and nobody else is admitting.
    @inlinable
    mutating func valueArrived(_ inner: Inner) -> Step {
        guard !isEnded else { return .idle }
        waiting.append(inner)
        waitingCount += 1
        return isAdmitting ? .idle : admitted()
    }

    /// The admitter's next step (also how a caller claims the role): the oldest waiting inner
    /// stream if there is a place, the finish if everything has finished, else nothing (and
    /// the role is given back).
    @inlinable
    mutating func admitted() -> Step {
        if !isEnded, running < limit, waitingCount > 0 {
            // Skips the places of dropped ones.
            while case .none = waiting[head] { head += 1 }
            let inner = waiting[head].take()!
            head += 1
            waitingCount -= 1
            if head == waiting.count {
                firstWaitingNumber += waiting.count
                waiting.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 32, head * 2 >= waiting.count {
                firstWaitingNumber += head
                waiting.removeFirst(head)
                head = 0
            }
            running += 1
            nextID += 1
            isAdmitting = true
            return .bind(inner, id: nextID)
        }
        isAdmitting = false
        return finishIfDone()
    }

    /// Inner stream `id` has been bound: keeps its token, or hands it back to cancel if the
    /// stream already finished (`isFinished`) or the binding was cancelled.
    @inlinable
    mutating func innerBound(_ token: any Cancellable, id: Int, isFinished: Bool) -> (any Cancellable)? {
        if isEnded || isFinished { return token }
        tokens[id] = token
        return nil
    }

    /// Inner stream `id` finished: its place goes to the oldest waiting one.
    @inlinable
    mutating func innerFinished(id: Int) -> Step {
        tokens[id] = nil
        running -= 1
        return isAdmitting ? .idle : admitted()
    }

    /// Upstream finished: the result finishes once every inner stream, waiting ones included,
    /// has finished.
    @inlinable
    mutating func outerFinished() -> Step {
        isOuterFinished = true
        return isAdmitting ? .idle : finishIfDone()
    }

    @inlinable
    mutating func finishIfDone() -> Step {
        guard !isEnded, isOuterFinished, running == 0, waitingCount == 0 else { return .idle }
        isEnded = true
        return .finish
    }

    /// The binding was cancelled: waiting inner streams are dropped (never bound); returns the
    /// running ones' tokens, to cancel.
    @inlinable
    mutating func cancelled() -> [any Cancellable] {
        isEnded = true
        waiting.removeAll()
        head = 0
        waitingCount = 0
        let running = Array(tokens.values)
        tokens = [:]
        return running
    }
}

extension FlatMapMaxConcurrentStateMachine {
    /// The inner streams that wait for a place, oldest first, with their numbers (for a drop
    /// request to choose from outside the lock).
    func waitingSnapshot() -> [(number: Int, inner: Inner)] {
        guard !isEnded else { return [] }
        return (head..<waiting.count).compactMap { index in
            waiting[index].map { (number: firstWaitingNumber + index, inner: $0) }
        }
    }

    /// Drops the waiting inner streams with these numbers (those still waiting; admitted or
    /// dropped ones are skipped): they are never bound. Returns them (to release outside the
    /// lock) and the next step: the finish, if that was all that was left.
    mutating func dropWaiting(_ numbers: [Int]) -> (dropped: [Inner], step: Step) {
        var dropped: [Inner] = []
        for number in numbers {
            let index = number - firstWaitingNumber
            guard index >= head, index < waiting.count, let inner = waiting[index].take() else { continue }
            dropped.append(inner)
            waitingCount -= 1
        }
        if waitingCount == 0, !waiting.isEmpty {
            firstWaitingNumber += waiting.count
            waiting.removeAll(keepingCapacity: true)
            head = 0
        }
        return (dropped, isAdmitting ? .idle : finishIfDone())
    }
}

/// The wiring of `flatMap(maxConcurrent:)`: a handle on the serializer (which holds the lock
/// and the machine) that performs the machine's steps (binds inner streams, delivers the
/// finish) outside the lock.
@usableFromInline
struct FlatMapMaxConcurrentBinding<T>: Sendable {
    @usableFromInline typealias Machine = FlatMapMaxConcurrentStateMachine<Observable<T>>
    @usableFromInline let serializer: Serializer<Machine, T>

    @inlinable
    init(limit: Int, downstream: Observer<T>) {
        serializer = Serializer(state: Machine(limit: limit), downstream: downstream)
    }

    /// Runs one decision; a finish is delivered through the serializer, in decision order.
    @inlinable
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
    @inlinable
    func perform(_ step: Machine.Step) {
        var step = step
        while case .bind(let inner, let id) = step {
            let finished = FinishFlag()
            let token = inner.subscribe(Observer(
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
    }

    @inlinable
    func cancel() {
        serializer.cancel()
        for token in serializer.withState({ $0.cancelled() }) { token.cancel() }
    }
}

extension ObservableConvertible {
    /// Maps each value to a stream and delivers the values of at most `maxConcurrent` of them
    /// at a time (Combine's `flatMap(maxPublishers: .max(n))`, RxSwift's
    /// `map(_:).merge(maxConcurrent:)`): an upload queue with two uploads at a time.
    ///
    /// ```swift
    /// let progress = photosPicked
    ///     .flatMap(maxConcurrent: 2) { photo in uploader.upload(photo) }   // two at a time
    /// ```
    ///
    /// - `transform` runs when a value arrives; the stream it returns is bound when a place is
    ///   free. Streams beyond the limit **wait, in arrival order** (none is dropped), and each
    ///   inner stream that finishes admits the oldest waiting one.
    /// - Values of the running inner streams are delivered as they arrive.
    /// - Finishes when this stream has finished and every inner stream, waiting ones included,
    ///   has finished. An inner stream that never finishes holds its place for good.
    /// - Cancelling the binding cancels the running inner streams and drops the waiting ones
    ///   (they are never bound).
    ///
    /// Combine asks its upstream for one value per free place, so a `PassthroughSubject` in
    /// front of `flatMap(maxPublishers:)` drops what it sends while every place is taken;
    /// Signals queues those values instead, as RxSwift does, and delivers what Combine delivers
    /// behind `buffer(size: .max, prefetch: .byRequest, whenFull: .dropNewest)`.
    ///
    /// `flatMap(maxConcurrent: 1)` is ``concatMap(_:)``; the unlimited form is ``flatMap(_:)``.
    @inlinable
    public func flatMap<T>(
        maxConcurrent: Int,
        _ transform: @escaping (Value) -> Observable<T>
    ) -> Observable<T> {
        precondition(maxConcurrent >= 1, "flatMap(maxConcurrent:) needs a limit of one or more")
        let upstream = asObservable().subscribe
        return Observable<T> { downstream in
            let binding = FlatMapMaxConcurrentBinding(limit: maxConcurrent, downstream: downstream)
            let outerToken = upstream(Observer(
                onValue: { value in
                    let inner = transform(value)
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

    /// Maps each value to a stream and delivers the streams' values one stream after another,
    /// in order: the next is bound when the one before finishes (RxSwift's `concatMap`,
    /// Combine's `flatMap(maxPublishers: .max(1))`).
    ///
    /// ```swift
    /// let saved = edits.concatMap { edit in store.save(edit) }   // one save at a time, in order
    /// ```
    ///
    /// Streams wait in arrival order while one runs (none is dropped). Finishes when this stream
    /// and every inner stream have finished; cancelling cancels the running stream and drops the
    /// waiting ones. The same as ``flatMap(maxConcurrent:_:)`` with a limit of 1.
    @inlinable
    public func concatMap<T>(_ transform: @escaping (Value) -> Observable<T>) -> Observable<T> {
        flatMap(maxConcurrent: 1, transform)
    }
}
