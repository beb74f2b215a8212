// The AsyncSequence bridge for any sequence on every supported system (iOS 16, macOS 13, …),
// delivering plain elements. Before typed throws (iOS 18) a generic `AsyncSequence` may always
// throw as far as the compiler knows, so this bridge says what a thrown error does: it ends
// the stream. `Observable(results:)` (Observable+AsyncSequence.swift) delivers the error instead.

extension Observable where Value: Sendable {
    /// A stream of the elements of any `sequence`, iterated in a `Task` per binding; finishes
    /// when the sequence ends. Cancelling the binding cancels the iteration.
    ///
    /// Available on every supported system: the iOS 16 / macOS 13 bridge for sequences that do
    /// not throw in practice but whose `Failure` type cannot be named there (an
    /// `AsyncMapSequence` of an `AsyncStream`, `AsyncChannel`, …):
    ///
    /// ```swift
    /// let (counts, continuation) = AsyncStream.makeStream(of: Int.self)
    /// let labels = Observable(elements: counts.map { "\($0) new" })   // Observable<String>
    /// ```
    ///
    /// The sequence and its elements must be `Sendable`. NotificationCenter's
    /// `notifications(named:)` is not such a sequence: `Notification` is not `Sendable` (on
    /// Apple platforms or Linux), and so neither is a `map` of that sequence. SignalsFoundation's
    /// `observable(for:object:)` bridges notifications.
    ///
    /// If the sequence does throw, the stream finishes there and the error is passed to
    /// `onFailure` (which ignores it by default); use ``init(results:isolation:)`` to receive
    /// the error as a value instead. Iterated and delivered on the actor that built the stream
    /// (`isolation`, the caller's by default), as the other AsyncSequence initializers.
    public init<S: AsyncSequence & Sendable>(
        elements sequence: S,
        isolation: (any Actor)? = #isolation,
        onFailure: @escaping @Sendable (any Error) -> Void = { _ in }
    ) where S.Element == Value {
        self = .fromSerializer { serializer in
            let task = Task {
                await SequenceIteration().run {
                    await iterateResults(sequence, into: serializer, isolation: isolation) { result in
                        switch result {
                        case .success(let element):
                            return element
                        case .failure(let error):
                            onFailure(error)
                            return nil
                        }
                    }
                }
            }
            return AnyCancellable { task.cancel() }
        }
    }

    /// A stream of the elements of a new sequence per binding: each binding calls
    /// `makeSequence` and delivers that sequence's elements, finishing when it ends
    /// (``init(elements:isolation:onFailure:)`` deferred, as ``Observable/deferred(_:)`` defers
    /// any stream).
    ///
    /// ```swift
    /// let progress = Observable(deferredElements: { uploader.progress(of: photo) })   // a new stream per binding
    /// ```
    ///
    /// Use it for a sequence that can be read once (an `AsyncStream`): given such a sequence,
    /// ``init(elements:isolation:onFailure:)`` iterates the same, already finished, sequence
    /// again on a second binding. `makeSequence` runs on the thread that binds, once per
    /// binding; a thrown error ends the stream and goes to `onFailure`, as in the other form.
    public init<S: AsyncSequence & Sendable>(
        deferredElements makeSequence: @escaping () -> S,
        isolation: (any Actor)? = #isolation,
        onFailure: @escaping @Sendable (any Error) -> Void = { _ in }
    ) where S.Element == Value {
        self = .deferred { Observable(elements: makeSequence(), isolation: isolation, onFailure: onFailure) }
    }
}
