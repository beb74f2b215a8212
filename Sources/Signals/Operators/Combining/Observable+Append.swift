extension ObservableConvertible {
    /// Delivers this stream's values, then, once it finishes, binds `other` and delivers its
    /// values; finishes when `other` does (Combine's `append(_:)`, RxSwift's `concat`).
    ///
    /// ```swift
    /// let page = cached.append(fetched)       // the cached rows first, then the fresh ones
    /// ```
    ///
    /// `other` is bound only after this stream has finished, once per binding; cancelling the
    /// binding cancels whichever of the two is bound. A stream that never finishes never
    /// reaches `other`.
    public func append(_ other: some ObservableConvertible<Value>) -> Observable<Value> {
        let first = asObservable()
        let second = other.asObservable()
        return Observable { downstream in
            let firstToken = LateCancellable()
            let secondToken = LateCancellable()
            firstToken.set(first.subscribe(Observer(
                onValue: downstream.onValue,
                onFinish: { secondToken.set(second.subscribe(downstream)) }
            )))
            return AnyCancellable {
                firstToken.cancel()
                secondToken.cancel()
            }
        }
    }

    /// Delivers this stream's values, then `values`, then finishes (Combine's `append(_:)`).
    ///
    /// ```swift
    /// let withFooter = rows.append("end of list")
    /// ```
    public func append(_ values: Value...) -> Observable<Value> {
        append(Observable.sequence(values))
    }

    /// Delivers this stream's values, then the elements of `values`, then finishes.
    public func append<S: Sequence>(contentsOf values: S) -> Observable<Value> where S.Element == Value {
        append(Observable.sequence(values))
    }
}

extension Observable {
    /// Delivers the values of `sources` one stream after the other: each is bound when the one
    /// before it finishes; finishes after the last (RxSwift's `concat`).
    ///
    /// ```swift
    /// let steps = Observable.concat(Observable.just("connecting"), handshake, Observable.just("ready"))
    /// ```
    public static func concat(_ sources: any ObservableConvertible<Value>...) -> Observable<Value> {
        concat(sources)
    }

    /// Delivers the values of `sources` one stream after the other; no sources finishes at once.
    public static func concat(_ sources: [any ObservableConvertible<Value>]) -> Observable<Value> {
        sources.reversed().reduce(Observable.empty) { rest, source in source.asObservable().append(rest) }
    }
}
