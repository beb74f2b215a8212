extension ObservableConvertible {
    /// Transforms each value with `transform`. Finishes when upstream finishes.
    @inlinable
    public func map<T>(_ transform: @escaping (Value) -> T) -> Observable<T> {
        .mapping(asObservable(), transform)
    }

    /// Transforms each value and delivers the non-`nil` results.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Value) -> T?) -> Observable<T> {
        .compactMapping(asObservable(), transform)
    }

    /// Delivers only the values for which `isIncluded` returns true.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Observable<Value> {
        .filtering(asObservable(), isIncluded)
    }
}

// The per-value closures of the operators above are made here, in functions generic over the
// value types only: made in the `ObservableConvertible` extension they would be specialized
// once per conforming type, and a program using both `subject.map` and `observable.map` would
// pay a forwarding thunk on every value.
extension Observable {
    @inlinable
    static func mapping<Source>(_ source: Observable<Source>, _ transform: @escaping (Source) -> Value) -> Observable<Value> {
        let upstream = source.subscribe
        return Observable { downstream in
            upstream(Observer(
                onValue: { downstream.onValue(transform($0)) },
                onFinish: downstream.onFinish
            ))
        }
    }

    @inlinable
    static func compactMapping<Source>(_ source: Observable<Source>, _ transform: @escaping (Source) -> Value?) -> Observable<Value> {
        let upstream = source.subscribe
        return Observable { downstream in
            upstream(Observer(
                onValue: { if let output = transform($0) { downstream.onValue(output) } },
                onFinish: downstream.onFinish
            ))
        }
    }

    @inlinable
    static func filtering(_ source: Observable<Value>, _ isIncluded: @escaping (Value) -> Bool) -> Observable<Value> {
        let upstream = source.subscribe
        return Observable { downstream in
            upstream(Observer(
                onValue: { if isIncluded($0) { downstream.onValue($0) } },
                onFinish: downstream.onFinish
            ))
        }
    }
}

extension ObservableConvertible {
    /// Delivers the non-`nil` values of a stream of optionals, unwrapped (RxSwift's
    /// `compactMap { $0 }`, ReactiveSwift's `skipNil`).
    ///
    /// ```swift
    /// let selected: Observable<Photo> = selection.compactMap()   // selection: Property<Photo?>
    /// ```
    public func compactMap<Wrapped>() -> Observable<Wrapped> where Value == Wrapped? {
        .compactMapping(asObservable()) { $0 }
    }
}
