extension Observable {
    /// Delivers the values of all `sources` as they arrive; finishes when all have finished.
    ///
    /// Values arriving concurrently from several sources are delivered one at a time.
    /// Merging no sources finishes at once.
    @inlinable
    public static func merge(_ sources: [Observable<Value>]) -> Observable<Value> {
        Observable { downstream in
            if sources.isEmpty {
                downstream.onFinish()
                return AnyCancellable()
            }
            let serializer = Serializer<Int, Value>(state: sources.count, downstream: downstream)
            var tokens: [any Cancellable] = []
            tokens.reserveCapacity(sources.count)
            for source in sources {
                tokens.append(source.subscribe(Observer(
                    onValue: { serializer.send($0) },
                    onFinish: {
                        serializer.run { remaining in
                            remaining -= 1
                            return remaining == 0 ? .finish : .none
                        }
                    }
                )))
            }
            let upstreams = tokens
            return AnyCancellable {
                serializer.cancel()
                for token in upstreams { token.cancel() }
            }
        }
    }
}

extension ObservableConvertible {
    /// Delivers the values of this stream and `others` as they arrive; finishes when all have.
    @inlinable
    public func merge(with others: any ObservableConvertible<Value>...) -> Observable<Value> {
        .merge([asObservable()] + others.map { $0.asObservable() })
    }
}
