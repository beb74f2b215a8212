// The AsyncSequence bridge for any sequence on every supported system (iOS 16, macOS 13, …),
// delivering plain elements. Before typed throws (iOS 18) a generic `AsyncSequence` may always
// throw as far as the compiler knows, so this bridge says what a thrown error does: it ends
// the stream. `Observable(results:)` (Observable+AsyncSequence.swift) delivers the error instead.

extension Observable where Value: Sendable {
    /// A stream of the elements of any `sequence`, iterated in a `Task` per binding; finishes
    /// when the sequence ends. Cancelling the binding cancels the iteration.
    ///
    /// Available on every supported system: the iOS 16 / macOS 13 bridge for sequences that do
    /// not throw in practice but whose `Failure` type cannot be named there
    /// (`NotificationCenter.notifications(named:)`, `AsyncChannel`, an `AsyncMapSequence` of an
    /// `AsyncStream`, …):
    ///
    /// ```swift
    /// let changes = Observable(elements: center.notifications(named: .NSCalendarDayChanged).map { _ in () })
    /// ```
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
}
