// The AsyncSequence bridge.
//
// `AsyncSequence.Failure` (typed throws, SE-0421) exists from iOS 18 / macOS 15 / tvOS 18 /
// watchOS 11 / visionOS 2. The two initializers that tell a throwing sequence from one that
// cannot throw by its `Failure` type are available from there; on the package's older
// deployment targets (iOS 16, macOS 13, …) the fallbacks are `Observable(stream)` for an
// `AsyncStream` and `Observable(results: sequence)` for any sequence, which delivers every
// element as `.success` and a thrown error as one `.failure`, like the throwing form.

extension Observable where Value: Sendable {
    /// A stream of the values of `sequence`, iterated in a `Task` per binding; finishes when
    /// the sequence ends. Cancelling the binding cancels the iteration, and frees the
    /// binding's handlers at once, even while a sequence that ignores cancellation is still
    /// being iterated.
    ///
    /// The sequence is iterated, and its values delivered, on the actor that built the stream
    /// (`isolation`, the caller's by default): built in a `@MainActor` view model, the
    /// handlers run on the main actor. Built from nonisolated code, values are delivered on
    /// whichever thread the iteration runs.
    ///
    /// Needs typed throws (iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2); on earlier
    /// systems use ``init(_:isolation:)-(AsyncStream<Value>,_)`` for an `AsyncStream`, or
    /// ``init(results:isolation:)`` for any sequence.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public init<S: AsyncSequence & Sendable>(
        _ sequence: S,
        isolation: (any Actor)? = #isolation
    ) where S.Element == Value, S.Failure == Never {
        self = .fromSerializer { serializer in
            let task = Task {
                await SequenceIteration().run {
                    await iterateResults(sequence, into: serializer, isolation: isolation) { try? $0.get() }
                }
            }
            return AnyCancellable { task.cancel() }
        }
    }

    /// A stream of the values of an `AsyncStream`, iterated in a `Task` per binding; finishes
    /// when the stream ends. Cancelling the binding cancels the iteration.
    ///
    /// Iterated and delivered on the actor that built the stream, as the generic form; this
    /// one is available on every supported system.
    public init(_ stream: AsyncStream<Value>, isolation: (any Actor)? = #isolation) {
        self = .fromSerializer { serializer in
            let task = Task {
                await SequenceIteration().run {
                    await iterateResults(stream, into: serializer, isolation: isolation) { try? $0.get() }
                }
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
            let slot = LateCancellable()
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
    /// Needs typed throws (iOS 18, macOS 15, …); ``init(results:isolation:)`` does the same on
    /// every supported system.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public init<S: AsyncSequence & Sendable, Element: Sendable>(
        _ sequence: S,
        isolation: (any Actor)? = #isolation
    ) where S.Element == Element, S.Failure == any Error, Value == Result<Element, any Error> {
        self.init(results: sequence, isolation: isolation)
    }

    /// A stream of the results of any `sequence`: each element as `.success`, then an error it
    /// throws as one `.failure` before finishing. Iterated in a `Task` per binding; cancelling
    /// the binding cancels the iteration (a cancellation error is not delivered).
    ///
    /// Available on every supported system (it does not need typed throws): the bridge for
    /// iOS 16 / macOS 13 and for sequences whose `Failure` is a concrete error type.
    ///
    /// ```swift
    /// let lines = Observable(results: url.lines)   // Observable<Result<String, any Error>>
    /// ```
    public init<S: AsyncSequence & Sendable, Element: Sendable>(
        results sequence: S,
        isolation: (any Actor)? = #isolation
    ) where S.Element == Element, Value == Result<Element, any Error> {
        self = .fromSerializer { serializer in
            let task = Task {
                await SequenceIteration().run {
                    await iterateResults(sequence, into: serializer, isolation: isolation) { $0 }
                }
            }
            return AnyCancellable { task.cancel() }
        }
    }
}

extension Observable {
    /// A stream of the results of a new sequence per binding: each binding calls
    /// `makeSequence` and delivers that sequence's elements as `.success`, then an error it
    /// throws as one `.failure` before finishing: ``init(results:isolation:)`` deferred, as
    /// ``Observable/deferred(_:)`` defers any stream.
    ///
    /// ```swift
    /// let upload = Observable(deferredResults: { uploader.upload(photo) })   // a new upload per binding
    ///     .retry(2)                                                         // so a retry uploads again
    /// ```
    ///
    /// Use it for a sequence that can be read once (an `AsyncStream`, a progress stream an
    /// upload returns): ``init(results:isolation:)`` given such a sequence iterates the same,
    /// already finished, sequence again on a second binding. `makeSequence` runs on the thread
    /// that binds, once per binding; the same as `Observable.deferred { Observable(results:
    /// makeSequence()) }`. Available on every supported system.
    public init<S: AsyncSequence & Sendable, Element: Sendable>(
        deferredResults makeSequence: @escaping () -> S,
        isolation: (any Actor)? = #isolation
    ) where S.Element == Element, Value == Result<Element, any Error> {
        self = .deferred { Observable(results: makeSequence(), isolation: isolation) }
    }
}

/// Iterates `sequence` on `isolation` (one hop onto the actor, if any, for the whole loop),
/// sending each element as `.success` and a thrown error as one `.failure` through `deliver`,
/// which maps that result to the stream's value (for a sequence that cannot throw, `deliver`
/// only ever sees `.success`).
///
/// Each bridge's `Task` calls it inside `SequenceIteration().run { … }`, so that a scripted
/// sequence can tell when the finish delivered here has returned.
func iterateResults<S: AsyncSequence & Sendable, Value>(
    _ sequence: S,
    into serializer: Serializer<Void, Value>,
    isolation: isolated (any Actor)?,
    _ deliver: (Result<S.Element, any Error>) -> Value?
) async where S.Element: Sendable {
    do {
        for try await element in sequence {
            if let value = deliver(.success(element)) {
                SequenceIteration.outside { serializer.send(value) }
            }
        }
    } catch {
        if !Task.isCancelled, let value = deliver(.failure(error)) {
            SequenceIteration.outside { serializer.send(value) }
        }
    }
    SequenceIteration.outside { serializer.finish() }
}
