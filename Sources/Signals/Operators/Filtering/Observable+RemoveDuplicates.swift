extension ObservableConvertible {
    /// Drops a value when `isDuplicate(previous, value)` is true, comparing with the last value
    /// delivered. The first value is always delivered (per binding).
    @inlinable
    public func removeDuplicates(by isDuplicate: @escaping (Value, Value) -> Bool) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let last = BindingState<Value?>(nil)
            return upstream(Observer(
                onValue: { value in
                    if let previous = last.value, isDuplicate(previous, value) { return }
                    last.value = value
                    downstream.onValue(value)
                },
                onFinish: downstream.onFinish
            ))
        }
    }
}

extension ObservableConvertible where Value: Equatable {
    /// Drops values equal to the last value delivered.
    @inlinable
    public func removeDuplicates() -> Observable<Value> {
        removeDuplicates(by: ==)
    }
}

extension ObservableConvertible {
    /// Drops a value whose `key` equals the key of the last value delivered (RxSwift's
    /// `distinctUntilChanged(_:)` with a key, ReactiveSwift's `skipRepeats` on a key).
    ///
    /// ```swift
    /// let userChanged = session.removeDuplicates(by: \.userID)
    /// ```
    public func removeDuplicates<Key: Equatable>(by key: @escaping (Value) -> Key) -> Observable<Value> {
        removeDuplicates { key($0) == key($1) }
    }
}
