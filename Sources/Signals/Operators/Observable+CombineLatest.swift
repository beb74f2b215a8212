/// The decisions of `combineLatest`, free of locks and threads.
@usableFromInline
struct CombineLatestStateMachine<A, B> {
    @usableFromInline var latestA: A?
    @usableFromInline var latestB: B?
    @usableFromInline var isAFinished = false
    @usableFromInline var isBFinished = false

    @inlinable init() {}

    @inlinable
    mutating func receivedA(_ a: A) -> Emission<(A, B)> {
        latestA = a
        guard let b = latestB else { return .none }
        return .value((a, b))
    }

    @inlinable
    mutating func receivedB(_ b: B) -> Emission<(A, B)> {
        latestB = b
        guard let a = latestA else { return .none }
        return .value((a, b))
    }

    @inlinable
    mutating func finishedA() -> Emission<(A, B)> {
        isAFinished = true
        return isBFinished ? .finish : .none
    }

    @inlinable
    mutating func finishedB() -> Emission<(A, B)> {
        isBFinished = true
        return isAFinished ? .finish : .none
    }
}

extension Observable {
    /// Delivers the latest value of each stream as a pair whenever either delivers, once both
    /// have delivered at least once. Finishes when both have finished (as Combine).
    @inlinable
    public func combineLatest<Other>(_ other: Observable<Other>) -> Observable<(Value, Other)> {
        let first = self
        return Observable<(Value, Other)> { downstream in
            let serializer = Serializer(state: CombineLatestStateMachine<Value, Other>(), downstream: downstream)
            let tokenA = first.subscribe(Observer(
                onValue: { a in serializer.run { $0.receivedA(a) } },
                onFinish: { serializer.run { $0.finishedA() } }
            ))
            let tokenB = other.subscribe(Observer(
                onValue: { b in serializer.run { $0.receivedB(b) } },
                onFinish: { serializer.run { $0.finishedB() } }
            ))
            return AnyCancellable {
                serializer.cancel()
                tokenA.cancel()
                tokenB.cancel()
            }
        }
    }

    /// `combineLatest(_:)` followed by `transform` on each pair.
    @inlinable
    public func combineLatest<Other, Result>(
        _ other: Observable<Other>,
        _ transform: @escaping (Value, Other) -> Result
    ) -> Observable<Result> {
        combineLatest(other).map { transform($0.0, $0.1) }
    }

    /// The latest values of three streams, once each has delivered; finishes when all have.
    @inlinable
    public func combineLatest<B, C>(
        _ b: Observable<B>,
        _ c: Observable<C>
    ) -> Observable<(Value, B, C)> {
        combineLatest(b).combineLatest(c).map { ($0.0.0, $0.0.1, $0.1) }
    }
}
