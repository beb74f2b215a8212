/// The decisions of an operator over two sources, free of locks and threads.
@usableFromInline
protocol TwoSourceStateMachine<A, B, Output>: StateMachineMetatype {
    associatedtype A
    associatedtype B
    associatedtype Output
    mutating func receivedA(_ a: A) -> Emission<Output>
    mutating func receivedB(_ b: B) -> Emission<Output>
    mutating func finishedA() -> Emission<Output>
    mutating func finishedB() -> Emission<Output>
}

extension Observable {
    /// Binds two sources and runs every event through `machine` in a `Serializer`: the one
    /// wiring behind `combineLatest` and `zip`.
    @inlinable
    static func combining<Machine: TwoSourceStateMachine>(
        _ first: Observable<Machine.A>,
        _ second: Observable<Machine.B>,
        machine: @escaping () -> Machine
    ) -> Observable<Value> where Machine.Output == Value {
        Observable { downstream in
            let serializer = Serializer(state: machine(), downstream: downstream)
            let tokenA = first.subscribe(Observer(
                onValue: { a in serializer.run { $0.receivedA(a) } },
                onFinish: { serializer.run { $0.finishedA() } }
            ))
            let tokenB = second.subscribe(Observer(
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
}

/// The decisions of `combineLatest`, free of locks and threads.
@usableFromInline
struct CombineLatestStateMachine<A, B>: TwoSourceStateMachine {
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

extension ObservableConvertible {
    /// Delivers the latest value of each stream as a pair whenever either delivers, once both
    /// have delivered at least once. Finishes when both have finished (as Combine).
    @inlinable
    public func combineLatest<Other>(_ other: some ObservableConvertible<Other>) -> Observable<(Value, Other)> {
        .combining(asObservable(), other.asObservable()) { CombineLatestStateMachine<Value, Other>() }
    }

    /// `combineLatest(_:)` followed by `transform` on each pair.
    @inlinable
    public func combineLatest<Other, Result>(
        _ other: some ObservableConvertible<Other>,
        _ transform: @escaping (Value, Other) -> Result
    ) -> Observable<Result> {
        combineLatest(other).map { transform($0.0, $0.1) }
    }

    /// The latest values of three streams, once each has delivered; finishes when all have.
    @inlinable
    public func combineLatest<B, C>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>
    ) -> Observable<(Value, B, C)> {
        Observable.combineLatest(self, b, c)
    }
}
