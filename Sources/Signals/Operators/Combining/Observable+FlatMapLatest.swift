/// The decisions of `flatMapLatest`: which inner stream is current, and when to finish.
@usableFromInline
struct FlatMapLatestStateMachine {
    @usableFromInline var generation: UInt64 = 0
    @usableFromInline var innerToken: (any Cancellable)?
    @usableFromInline var isInnerActive = false
    @usableFromInline var isOuterFinished = false
    @usableFromInline var isCancelled = false

    @inlinable init() {}

    /// A new inner stream starts: returns its generation and the token of the one it replaces.
    @inlinable
    mutating func innerStarted() -> (generation: UInt64, replaced: (any Cancellable)?) {
        generation &+= 1
        isInnerActive = true
        return (generation, innerToken.take())
    }

    /// Records the token of inner `generation`; returns it back if it is already stale.
    @inlinable
    mutating func innerBound(_ token: any Cancellable, generation: UInt64) -> (any Cancellable)? {
        var token: (any Cancellable)? = token
        return innerBound(taking: &token, generation: generation)
    }

    /// `innerBound(_:generation:)` moving the token out of `token` (no copy, so no retain).
    @inlinable
    mutating func innerBound(taking token: inout (any Cancellable)?, generation: UInt64) -> (any Cancellable)? {
        guard generation == self.generation, !isCancelled, isInnerActive else { return token.take() }
        innerToken = token.take()
        return nil
    }

    @inlinable
    func isCurrent(_ generation: UInt64) -> Bool {
        generation == self.generation && !isCancelled
    }

    @inlinable
    mutating func innerFinished<T>(generation: UInt64) -> Emission<T> {
        guard isCurrent(generation) else { return .none }
        isInnerActive = false
        innerToken = nil
        return isOuterFinished ? .finish : .none
    }

    @inlinable
    mutating func outerFinished<T>() -> Emission<T> {
        isOuterFinished = true
        return isInnerActive ? .none : .finish
    }

    @inlinable
    mutating func cancelled() -> (any Cancellable)? {
        isCancelled = true
        let token = innerToken
        innerToken = nil
        return token
    }
}

/// One inner binding of `flatMapLatest`: forwards the inner stream's events while its
/// generation is current. Both handlers capture only this object, so binding an inner stream
/// allocates it and nothing else.
@usableFromInline
final class FlatMapLatestInner<T> {
    @usableFromInline let serializer: Serializer<FlatMapLatestStateMachine, T>
    @usableFromInline let generation: UInt64

    @inlinable
    init(serializer: Serializer<FlatMapLatestStateMachine, T>, generation: UInt64) {
        self.serializer = serializer
        self.generation = generation
    }

    @inlinable
    var observer: Observer<T> {
        Observer(
            onValue: { element in
                self.serializer.run { $0.isCurrent(self.generation) ? .value(element) : .none }
            },
            onFinish: { self.serializer.run { $0.innerFinished(generation: self.generation) } }
        )
    }
}

extension ObservableConvertible {
    /// Maps each value to a stream and delivers the values of only the most recent one; the
    /// previous inner stream is cancelled when a new value arrives (Combine's
    /// `map(_:).switchToLatest()`). Values from a replaced inner stream are never delivered,
    /// even if they race in from another thread. Finishes when this stream and the current
    /// inner stream have both finished.
    @inlinable
    public func flatMapLatest<T>(_ transform: @escaping (Value) -> Observable<T>) -> Observable<T> {
        let upstream = asObservable().subscribe
        return Observable<T> { downstream in
            let serializer = Serializer(state: FlatMapLatestStateMachine(), downstream: downstream)
            let outerToken = upstream(Observer(
                onValue: { value in
                    let inner = transform(value)
                    let (generation, replaced) = serializer.withState { $0.innerStarted() }
                    // Releasing the replaced token cancels it (every token cancels on deinit),
                    // here, before the new inner stream is bound; an explicit `cancel()` first
                    // would cost a second atomic exchange on the token's flag.
                    _ = consume replaced
                    var token: (any Cancellable)? = inner.subscribe(
                        FlatMapLatestInner(serializer: serializer, generation: generation).observer
                    )
                    serializer.withState { $0.innerBound(taking: &token, generation: generation) }?.cancel()
                },
                onFinish: { serializer.run { $0.outerFinished() } }
            ))
            return AnyCancellable {
                serializer.cancel()
                outerToken.cancel()
                serializer.withState { $0.cancelled() }?.cancel()
            }
        }
    }
}
