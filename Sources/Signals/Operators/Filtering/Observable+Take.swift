extension ObservableConvertible {
    /// Skips the first `count` values, then delivers the rest.
    public func skip(_ count: Int) -> Observable<Value> {
        precondition(count >= 0, "skip(_:) needs a count of zero or more")
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let remaining = BindingState(count)
            return upstream(Observer(
                onValue: { value in
                    if remaining.value > 0 {
                        remaining.value -= 1
                    } else {
                        downstream.onValue(value)
                    }
                },
                onFinish: downstream.onFinish
            ))
        }
    }

    /// Delivers the first `count` values, then finishes and cancels upstream (Combine's
    /// `prefix(_:)`). `take(0)` finishes at once without binding upstream.
    public func take(_ count: Int) -> Observable<Value> {
        precondition(count >= 0, "take(_:) needs a count of zero or more")
        let upstream = asObservable().subscribe
        return Observable { downstream in
            if count == 0 {
                downstream.onFinish()
                return AnyCancellable()
            }
            let remaining = BindingState(count)
            let slot = LateCancellable()
            slot.set(upstream(Observer(
                onValue: { value in
                    guard remaining.value > 0 else { return }
                    remaining.value -= 1
                    downstream.onValue(value)
                    if remaining.value == 0 {
                        slot.cancel()
                        downstream.onFinish()
                    }
                },
                onFinish: {
                    guard remaining.value > 0 else { return }
                    remaining.value = 0
                    downstream.onFinish()
                }
            )))
            // The handler holds `slot` to cancel upstream itself; the user holds the owner.
            return SlotOwner(slot)
        }
    }

    /// Delivers the first value, then finishes. Finishes without a value if upstream does.
    public func first() -> Observable<Value> {
        take(1)
    }

    /// Delivers the first value that satisfies `predicate`, then finishes.
    public func first(where predicate: @escaping (Value) -> Bool) -> Observable<Value> {
        filter(predicate).take(1)
    }
}

extension ObservableConvertible {
    /// Skips values while `predicate` returns true, then delivers the first value for which it
    /// returns false and every value after it, without asking again (Combine's
    /// `drop(while:)`, RxSwift's `skip(while:)`).
    ///
    /// ```swift
    /// let typed = query.skip(while: { $0.isEmpty })   // from the first non-empty query on
    /// ```
    ///
    /// Each binding starts skipping afresh.
    public func skip(while predicate: @escaping (Value) -> Bool) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let isSkipping = BindingState(true)
            return upstream(Observer(
                onValue: { value in
                    if isSkipping.value {
                        guard !predicate(value) else { return }
                        isSkipping.value = false
                    }
                    downstream.onValue(value)
                },
                onFinish: downstream.onFinish
            ))
        }
    }
}
