extension ObservableConvertible {
    /// Shares one upstream binding among all bindings of the result, and replays the latest
    /// `count` values to each new binding: derived state that late binders must see.
    ///
    /// ```swift
    /// let canLogIn = email.combineLatest(password) { isValid($0, $1) }.share(replay: 1)
    /// ```
    ///
    /// Upstream is bound by the first binding and cancelled with the last one; the replay
    /// buffer lives as long as that connection (RxSwift's `.whileConnected`): a binding made
    /// after everyone left binds upstream afresh. When upstream finishes, current bindings
    /// finish and the next binding reconnects, as with ``ObservableConvertible/share()``.
    /// `share(replay: 0)` is `share()`.
    public func share(replay count: Int) -> Observable<Value> {
        precondition(count >= 0, "share(replay:) needs a count of zero or more")
        guard count > 0 else { return share() }
        // The shared core replays its current value, which here is the whole buffer: a new
        // binding first gets the buffer (every value in it), then one buffer per later value
        // (of which only the newest value is new). The core guarantees the replay comes first
        // and is neither duplicated nor stale, from any thread.
        let buffers = asObservable().scan(ContiguousArray<Value>()) { buffer, value in
            var buffer = buffer
            if buffer.count == count { buffer.removeFirst() }
            buffer.append(value)
            return buffer
        }
        let connection = ShareConnection(upstream: buffers) { StreamCore(currentValue: []) }
        return Observable { downstream in
            let isReplay = BindingState(true)
            return connection.bind(Observer(
                onValue: { buffer in
                    if isReplay.value {
                        isReplay.value = false
                        for value in buffer { downstream.onValue(value) }
                    } else if let newest = buffer.last {
                        downstream.onValue(newest)
                    }
                },
                onFinish: downstream.onFinish
            ))
        }
    }
}
