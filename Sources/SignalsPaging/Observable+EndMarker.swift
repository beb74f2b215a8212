import Signals

extension Observable {
    /// Delivers this stream's values, then `marker` when it finishes, then finishes: an end
    /// marker that travels in order with the values (a side effect on finish would overtake
    /// values still queued downstream). Named apart from a public `append` so the two never
    /// clash.
    package func endMarked(by marker: Value) -> Observable<Value> {
        Observable.create { observer in
            self.bind(onValue: observer.send, onFinish: {
                observer.send(marker)
                observer.finish()
            })
        }
    }
}
