extension Observable where Value: Sendable {
    /// A stream of the values of `sequence`, iterated in a `Task` per binding; finishes when
    /// the sequence ends. Cancelling the binding cancels the iteration.
    public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Value, S.Failure == Never {
        self = .fromSerializer { serializer in
            let task = Task {
                for await value in sequence {
                    serializer.send(value)
                }
                serializer.finish()
            }
            return AnyCancellable { task.cancel() }
        }
    }

    /// The stream's values as an `AsyncStream` (unbounded buffer). The stream finishes when
    /// this one does. The binding is made when you ask for `values` and cancelled when the
    /// iterating task is cancelled or the `AsyncStream` is released.
    ///
    /// ```swift
    /// for await count in viewModel.output.count.values { print(count) }
    /// ```
    public var values: AsyncStream<Value> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let slot = CancellableSlot()
            continuation.onTermination = { _ in slot.cancel() }
            slot.set(bind(
                onValue: { continuation.yield($0) },
                onFinish: { continuation.finish() }
            ))
        }
    }
}

extension Observable {
    /// A stream of the results of a throwing `sequence`: each element as `.success`, then a
    /// thrown error as one `.failure` before finishing. Iterated in a `Task` per binding.
    public init<S: AsyncSequence & Sendable, Element: Sendable>(
        _ sequence: S
    ) where S.Element == Element, S.Failure == any Error, Value == Result<Element, any Error> {
        self = .fromSerializer { serializer in
            let task = Task {
                do {
                    for try await value in sequence {
                        serializer.send(.success(value))
                    }
                } catch {
                    if !Task.isCancelled { serializer.send(.failure(error)) }
                }
                serializer.finish()
            }
            return AnyCancellable { task.cancel() }
        }
    }
}
