import Synchronization

/// The decisions of `flatMapLatest`: which inner binding is current, and when to finish.
///
/// `Inner` is the handle of one inner binding; a handle is current while it is the one stored
/// here (compared by identity), so a switch is one critical section: store the new handle,
/// hand back the one it replaces.
@usableFromInline
struct FlatMapLatestStateMachine<Inner: AnyObject> {
    /// The current inner binding, if one is live (started and not finished).
    @usableFromInline var current: Inner?
    @usableFromInline var isOuterFinished = false
    @usableFromInline var isCancelled = false

    @inlinable init() {}

    /// A new inner binding starts. Returns false if the whole binding is cancelled (then
    /// `inner` must not be bound), and the handle it replaces (to cancel) otherwise.
    @inlinable
    mutating func innerStarted(_ inner: Inner) -> (accepted: Bool, replaced: Inner?) {
        if isCancelled { return (false, nil) }
        let replaced = current.take()
        current = inner
        return (true, replaced)
    }

    @inlinable
    func isCurrent(_ inner: Inner) -> Bool {
        !isCancelled && current === inner
    }

    @inlinable
    mutating func innerFinished<T>(_ inner: Inner) -> Emission<T> {
        guard isCurrent(inner) else { return .none }
        current = nil
        return isOuterFinished ? .finish : .none
    }

    @inlinable
    mutating func outerFinished<T>() -> Emission<T> {
        isOuterFinished = true
        return current == nil ? .finish : .none
    }

    /// The whole binding is cancelled: returns the current handle, to cancel.
    @inlinable
    mutating func cancelled() -> Inner? {
        isCancelled = true
        return current.take()
    }
}

/// One inner binding of `flatMapLatest`: forwards the inner stream's events while it is the
/// current one, and owns the inner token.
///
/// Both handlers capture only this object, so binding an inner stream allocates it and nothing
/// else. The token is published with one atomic step instead of a second critical section:
/// `bind` stores it, then moves `phase` from unbound to bound; `cancel` moves `phase` to
/// cancelled and cancels the token only if it was bound. Whichever comes second cancels it.
/// The token is released when cancelled, which breaks the cycle handle → token → handlers →
/// handle; a finished inner stream cancels its own handle for the same reason.
@usableFromInline
final class FlatMapLatestInner<T>: @unchecked Sendable {
    // `token` is written once by `bind` before `phase` publishes it, then read and cleared
    // only by whoever moved `phase` to cancelled from bound: never accessed concurrently.
    @usableFromInline static var unbound: UInt8 { 0 }
    @usableFromInline static var bound: UInt8 { 1 }
    @usableFromInline static var cancelledPhase: UInt8 { 2 }

    @usableFromInline let serializer: Serializer<FlatMapLatestStateMachine<FlatMapLatestInner<T>>, T>
    @usableFromInline let phase = Atomic<UInt8>(0)
    @usableFromInline @exclusivity(unchecked) var token: (any Cancellable)?

    @inlinable
    init(serializer: Serializer<FlatMapLatestStateMachine<FlatMapLatestInner<T>>, T>) {
        self.serializer = serializer
    }

    /// Binds `inner` to this handle and publishes the token (or cancels it at once if this
    /// handle was cancelled meanwhile).
    @inlinable
    func bind(_ inner: Observable<T>) {
        token = inner.subscribe(observer)
        let (exchanged, _) = phase.compareExchange(
            expected: Self.unbound, desired: Self.bound, ordering: .acquiringAndReleasing
        )
        if !exchanged {
            let orphan = token.take()
            orphan?.cancel()
        }
    }

    /// Cancels the inner binding (now, or when `bind` publishes its token); idempotent.
    @inlinable
    func cancel() {
        guard phase.exchange(Self.cancelledPhase, ordering: .acquiringAndReleasing) == Self.bound else { return }
        let bound = token.take()
        bound?.cancel()
    }

    @inlinable
    var observer: Observer<T> {
        Observer(
            onValue: { element in
                self.serializer.run { $0.isCurrent(self) ? .value(element) : .none }
            },
            onFinish: {
                self.serializer.run { $0.innerFinished(self) }
                self.cancel()
            }
        )
    }
}

extension Observable {
    /// Maps each value to a stream and delivers the values of only the most recent one; the
    /// previous inner stream is cancelled when a new value arrives (Combine's
    /// `map(_:).switchToLatest()`). Values from a replaced inner stream are never delivered,
    /// even if they race in from another thread. Finishes when this stream and the current
    /// inner stream have both finished.
    @inlinable
    public func flatMapLatest<T>(_ transform: @escaping (Value) -> Observable<T>) -> Observable<T> {
        let upstream = subscribe
        return Observable<T> { downstream in
            let serializer = Serializer(
                state: FlatMapLatestStateMachine<FlatMapLatestInner<T>>(),
                downstream: downstream
            )
            let outerToken = upstream(Observer(
                onValue: { value in
                    let inner = transform(value)
                    let handle = FlatMapLatestInner(serializer: serializer)
                    let (accepted, replaced) = serializer.withState { $0.innerStarted(handle) }
                    replaced?.cancel()
                    if accepted { handle.bind(inner) }
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
