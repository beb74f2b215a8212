extension Observable {
    /// Delivers `value`, then finishes, to each binding.
    @inlinable
    public static func just(_ value: Value) -> Observable<Value> {
        Observable { downstream in
            downstream.onValue(value)
            downstream.onFinish()
            return AnyCancellable()
        }
    }

    /// Finishes at once, delivering nothing.
    @inlinable
    public static var empty: Observable<Value> {
        Observable { downstream in
            downstream.onFinish()
            return AnyCancellable()
        }
    }

    /// Never delivers and never finishes.
    @inlinable
    public static var never: Observable<Value> {
        Observable { _ in AnyCancellable() }
    }

    /// Delivers `values` in order, then finishes, to each binding.
    @inlinable
    public static func sequence<S: Sequence>(_ values: S) -> Observable<Value> where S.Element == Value {
        let values = Array(values)
        return Observable { downstream in
            for value in values { downstream.onValue(value) }
            downstream.onFinish()
            return AnyCancellable()
        }
    }

    /// A cold stream: `body` runs once per binding with an observer to send into, and returns
    /// the cleanup to run when that binding is cancelled.
    ///
    /// The observer is safe to call from any thread: its calls are serialized and delivered in
    /// order, and nothing is delivered after `finish()` or after the binding is cancelled.
    ///
    /// ```swift
    /// let ticks = Observable<Int>.create { observer in
    ///     observer.send(1)
    ///     observer.finish()
    ///     return AnyCancellable()
    /// }
    /// ```
    @inlinable
    public static func create(_ body: @escaping (Observer<Value>) -> Cancellable) -> Observable<Value> {
        fromSerializer { body($0.observer) }
    }

    /// `create` with its serializer given `parking` and `limits` (for the explorer), and `body`
    /// also handed the length of the serializer's queue, read without its lock: call it only
    /// while no other thread can touch the serializer (the explorer's threads are all stopped).
    package static func create(
        parking: ParkedSenders, limits: FloodLimits,
        _ body: @escaping (Observer<Value>, _ queuedCount: @escaping () -> Int) -> Cancellable
    ) -> Observable<Value> {
        Observable { downstream in
            let serializer = Serializer<Void, Value>(state: (), downstream: downstream, parking: parking, limits: limits)
            let cleanup = body(serializer.observer) { [weak serializer] in serializer?.serial.queue.pending.count ?? 0 }
            return AnyCancellable {
                serializer.cancel()
                cleanup.cancel()
            }
        }
    }

    /// A cold stream that hands each binding a serializer to send into and returns the cleanup
    /// to run on cancel (the one mechanism behind `create`, `task` and the AsyncSequence bridge).
    @inlinable
    static func fromSerializer(
        _ start: @escaping (Serializer<Void, Value>) -> Cancellable
    ) -> Observable<Value> {
        Observable { downstream in
            let serializer = Serializer<Void, Value>(state: (), downstream: downstream)
            let cleanup = start(serializer)
            return AnyCancellable {
                serializer.cancel()
                cleanup.cancel()
            }
        }
    }
}
