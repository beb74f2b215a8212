import Signals

/// A test double for a dependency that returns a new `AsyncSequence` per call,
/// `(Input) -> some AsyncSequence` — an upload that reports its progress, a download, a live
/// query: it records each call with its input and gives the call its own
/// ``ScriptedAsyncSequence``, into which the test sends elements, the finish or a failure, and
/// which sees the consumer cancel.
///
/// ```swift
/// let upload = ScriptedSequenceFunction<String, Double>()
/// let viewModel = UploadViewModel(upload: upload.function)   // (String) -> some AsyncSequence<Double>
/// input.uploadTapped.fire()
/// let call = try await upload.expectCall()                   // waits for the call: no polling
/// #expect(call.input == "photo.jpg")
/// await call.send(0.5)              // returns once the view model handled 0.5
/// await call.sendFinish()           // returns once the view model's stream has finished
/// ```
///
/// Each call's sequence keeps ``ScriptedAsyncSequence``'s handshakes: ``Call/send(_:timeout:fileID:filePath:line:column:)``
/// returns once the consumer has handled the element and asks for the next;
/// ``Call/sendFinish(timeout:fileID:filePath:line:column:)`` and
/// ``Call/sendFailure(_:timeout:fileID:filePath:line:column:)`` once a Signals bridge has
/// delivered the end on its actor. A consumer that stops (a `flatMapLatest` that moved on, a
/// cancelled binding) reads as ``Call/isCancelled``.
///
/// Like ``ScriptedFunction``, a call that does not come fails the test at the line of
/// ``expectCall(timeout:fileID:filePath:line:column:)`` after `timeout` of real time (a bound for a
/// broken test), and every waiting method fails at its caller's line after its timeout.
///
/// Unlike ``ScriptedFunction``, it takes no scheduler (nor does ``ScriptedAsyncSequence``):
/// `send` and the other waiting methods return once the consumer has handled what was sent,
/// without running a `TestScheduler`'s work. When the view model hops through
/// `receive(on: scheduler)` or times with `debounce`, advance the scheduler yourself after
/// they return (`scheduler.advance()`).
public final class ScriptedSequenceFunction<Input: Sendable, Element: Sendable>: @unchecked Sendable {
    // Lock holder: `recorded` is guarded by `lock`, which `arrivals` shares.

    /// One call: its input and its own scripted sequence.
    public final class Call: Sendable, CustomStringConvertible {
        /// The input the function was called with.
        public let input: Input
        /// The call's position among the function's calls, from 1.
        public let number: Int
        /// The sequence this call returned, scripted by the test.
        public let sequence: ScriptedAsyncSequence<Element>

        init(input: Input, number: Int) {
            self.input = input
            self.number = number
            sequence = ScriptedAsyncSequence()
        }

        /// `call 2(photo.jpg): waiting`.
        public var description: String {
            let state = isCancelled ? "cancelled" : hasEnded ? "ended" : isConsumerWaiting ? "waiting" : "running"
            return "call \(number)(\(input)): \(state)"
        }

        /// Whether the consumer stopped reading this call's sequence (its task was cancelled).
        ///
        /// ``ScriptedSequenceFunction/expectCall(timeout:fileID:filePath:line:column:)`` hands a
        /// call out when the function is called, which may be before the consumer asks for the
        /// first element; the sequence sees a cancel only in the consumer's `next()` (see
        /// ``ScriptedAsyncSequence/isCancelled``). So read this after
        /// ``waitUntilConsumerWaits(timeout:fileID:filePath:line:column:)`` and the cancel, or
        /// after ``waitUntilCancelled(timeout:fileID:filePath:line:column:)``.
        public var isCancelled: Bool { sequence.isCancelled }

        /// Returns once the consumer of this call's sequence has been cancelled; fails the test
        /// at the caller's line if that does not happen within `timeout` of real time, or at
        /// once if the consumer has taken the end.
        ///
        /// ```swift
        /// let call = try await upload.expectCall()
        /// token.cancel()
        /// await call.waitUntilCancelled()   // the bridge's task comes back to next() and sees the cancel
        /// ```
        public func waitUntilCancelled(
            timeout: Duration = ScriptedAsyncSequence<Element>.defaultTimeout,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            await sequence.waitUntilCancelled(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
        }

        /// Whether the consumer has taken this call's scripted end.
        public var hasEnded: Bool { sequence.hasEnded }

        /// Whether the consumer waits for this call's next element now.
        public var isConsumerWaiting: Bool { sequence.isConsumerWaiting }

        /// Sends `element` into this call's sequence and returns once the consumer has handled
        /// it and asks for the next (or ended, or was cancelled).
        public func send(
            _ element: Element,
            timeout: Duration = ScriptedAsyncSequence<Element>.defaultTimeout,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            await sequence.send(element, timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
        }

        /// Ends this call's sequence and returns once the consumer has taken the end (a Signals
        /// bridge: delivered it).
        public func sendFinish(
            timeout: Duration = ScriptedAsyncSequence<Element>.defaultTimeout,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            await sequence.sendFinish(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
        }

        /// Fails this call's sequence with `error` and returns once the consumer has taken the
        /// failure (a Signals bridge: delivered it and its finish).
        public func sendFailure(
            _ error: any Error,
            timeout: Duration = ScriptedAsyncSequence<Element>.defaultTimeout,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            await sequence.sendFailure(error, timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
        }

        /// Returns once the consumer waits for this call's next element, has taken its end,
        /// or was cancelled: `await call.waitUntilConsumerWaits(); #expect(call.isCancelled)`.
        public func waitUntilConsumerWaits(
            timeout: Duration = ScriptedAsyncSequence<Element>.defaultTimeout,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
        ) async {
            await sequence.waitUntilConsumerWaits(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    private let lock = Locked()
    private var recorded: [Call] = []
    private let arrivals: CallArrivals

    /// Creates a function with no calls.
    public init() {
        arrivals = CallArrivals(lock: lock)
    }

    /// Calls the function: records the call and returns its new scripted sequence.
    public func callAsFunction(_ input: Input) -> ScriptedAsyncSequence<Element> {
        let call = lock.withLock { () -> Call in
            let call = Call(input: input, number: recorded.count + 1)
            recorded.append(call)
            return call
        }
        arrivals.wakeAll()
        return call.sequence
    }

    /// The function itself, to pass where production code takes
    /// `(Input) -> some AsyncSequence` with `Element` elements.
    public var function: @Sendable (Input) -> ScriptedAsyncSequence<Element> {
        { [self] input in self(input) }
    }

    // MARK: Reading

    /// Every call so far, in call order.
    public var calls: [Call] { lock.withLock { recorded } }

    /// The inputs of every call so far, in call order.
    public var inputs: [Input] { calls.map(\.input) }

    // MARK: Expecting

    /// Waits for the next call not yet handed out by this method and returns it; fails the
    /// test and throws ``ScriptedFunctionError/noCall(timeout:)`` if none arrives within
    /// `timeout` of real time.
    @discardableResult
    public func expectCall(
        timeout: Duration = ScriptedFunction<Void, Void>.defaultCallTimeout,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> Call {
        let claimed = try await arrivals.expectNext(
            within: timeout, of: "scripted sequence function",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            recordedCount: { [self] in recorded.count }
        )
        return lock.withLock { recorded[claimed] }
    }
}

extension ScriptedSequenceFunction where Input == Void {
    /// Calls a function that takes no argument (`scripted()` rather than `scripted(())`).
    public func callAsFunction() -> ScriptedAsyncSequence<Element> {
        self(())
    }

    /// The function as `() -> some AsyncSequence`, for a dependency without an argument.
    public var zeroArgumentFunction: @Sendable () -> ScriptedAsyncSequence<Element> {
        { [self] in self() }
    }
}
