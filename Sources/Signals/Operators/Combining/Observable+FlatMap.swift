/// The decisions of `flatMap`: the live inner streams and when everything has finished.
@usableFromInline
struct FlatMapStateMachine {
    @usableFromInline var nextID = 0
    @usableFromInline var inner: [Int: any Cancellable] = [:]
    @usableFromInline var active = 0
    @usableFromInline var isOuterFinished = false
    @usableFromInline var isCancelled = false

    @inlinable init() {}

    @inlinable
    mutating func innerStarted() -> Int {
        nextID += 1
        active += 1
        return nextID
    }

    /// Records an inner token; returns it back when the inner already finished or all is cancelled.
    @inlinable
    mutating func innerBound(_ token: any Cancellable, id: Int, isFinished: Bool) -> (any Cancellable)? {
        if isCancelled || isFinished { return token }
        inner[id] = token
        return nil
    }

    @inlinable
    mutating func innerFinished<T>(id: Int) -> Emission<T> {
        inner[id] = nil
        active -= 1
        return isOuterFinished && active == 0 ? .finish : .none
    }

    @inlinable
    mutating func outerFinished<T>() -> Emission<T> {
        isOuterFinished = true
        return active == 0 ? .finish : .none
    }

    @inlinable
    mutating func cancelled() -> [any Cancellable] {
        isCancelled = true
        let tokens = Array(inner.values)
        inner = [:]
        return tokens
    }
}

extension ObservableConvertible {
    /// Maps each value to a stream and delivers the values of all of them as they arrive
    /// (Combine's `flatMap` with unlimited publishers). Finishes when this stream and every
    /// inner stream have finished.
    @inlinable
    public func flatMap<T>(_ transform: @escaping (Value) -> Observable<T>) -> Observable<T> {
        let upstream = asObservable().subscribe
        return Observable<T> { downstream in
            let serializer = Serializer(state: FlatMapStateMachine(), downstream: downstream)
            let outerToken = upstream(Observer(
                onValue: { value in
                    let inner = transform(value)
                    let id = serializer.withState { $0.innerStarted() }
                    let finished = FinishFlag()
                    let token = inner.subscribe(Observer(
                        onValue: { serializer.send($0) },
                        onFinish: {
                            finished.set()
                            serializer.run { $0.innerFinished(id: id) }
                        }
                    ))
                    serializer.withState {
                        $0.innerBound(token, id: id, isFinished: finished.isSet)
                    }?.cancel()
                },
                onFinish: { serializer.run { $0.outerFinished() } }
            ))
            return AnyCancellable {
                serializer.cancel()
                outerToken.cancel()
                for token in serializer.withState({ $0.cancelled() }) { token.cancel() }
            }
        }
    }
}
