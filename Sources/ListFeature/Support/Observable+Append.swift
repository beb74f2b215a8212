import Signals

extension Observable {
    /// Delivers this stream's values, then `last` when it finishes, then finishes: an end
    /// marker that travels in order with the values (a side effect on finish would overtake
    /// values still queued downstream).
    func append(_ last: Value) -> Observable<Value> {
        Observable.create { observer in
            self.bind(onValue: observer.send, onFinish: {
                observer.send(last)
                observer.finish()
            })
        }
    }
}
