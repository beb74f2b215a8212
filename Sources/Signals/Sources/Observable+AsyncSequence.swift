extension Observable where Value: Sendable {
    /// A stream of the values of `sequence`, iterated in a `Task` per binding; finishes when
    /// the sequence ends. Cancelling the binding cancels the iteration.
    ///
    /// The sequence is iterated, and its values delivered, on the actor that built the stream
    /// (`isolation`, the caller's by default): built in a `@MainActor` view model, the
    /// handlers run on the main actor. Built from nonisolated code, values are delivered on
    /// whichever thread the iteration runs.
    public init<S: AsyncSequence & Sendable>(
        _ sequence: S,
        isolation: (any Actor)? = #isolation
    ) where S.Element == Value, S.Failure == Never {
        self = .fromSerializer { serializer in
            let task = Task {
                await iterate(sequence, into: serializer, isolation: isolation)
            }
            return AnyCancellable { task.cancel() }
        }
    }
}

extension ObservableConvertible where Value: Sendable {
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
    ///
    /// Iterated and delivered on the actor that built the stream, as the non-throwing form.
    public init<S: AsyncSequence & Sendable, Element: Sendable>(
        _ sequence: S,
        isolation: (any Actor)? = #isolation
    ) where S.Element == Element, S.Failure == any Error, Value == Result<Element, any Error> {
        self = .fromSerializer { serializer in
            let task = Task {
                await iterateResults(sequence, into: serializer, isolation: isolation)
            }
            return AnyCancellable { task.cancel() }
        }
    }
}

/// Iterates `sequence` on `isolation` (one hop onto the actor, if any, for the whole loop) and
/// sends its values into `serializer`.
func iterate<S: AsyncSequence & Sendable>(
    _ sequence: S,
    into serializer: Serializer<Void, S.Element>,
    isolation: isolated (any Actor)?
) async where S.Failure == Never, S.Element: Sendable {
    for await value in sequence {
        serializer.send(value)
    }
    serializer.finish()
}

/// Iterates a throwing `sequence` on `isolation`, sending each element as `.success` and a
/// thrown error as one `.failure`.
func iterateResults<S: AsyncSequence & Sendable>(
    _ sequence: S,
    into serializer: Serializer<Void, Result<S.Element, any Error>>,
    isolation: isolated (any Actor)?
) async where S.Failure == any Error, S.Element: Sendable {
    do {
        for try await value in sequence {
            serializer.send(.success(value))
        }
    } catch {
        if !Task.isCancelled { serializer.send(.failure(error)) }
    }
    serializer.finish()
}
