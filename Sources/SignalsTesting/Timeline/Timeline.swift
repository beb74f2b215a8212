import Signals

/// Records every output stream of a view model into one interleaved timeline, and asserts it
/// exhaustively: each ``expect(fileID:filePath:line:column:_:)`` states every emission since the previous
/// assertion, in order, and any emission it does not state fails the test.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let viewModel = LoginViewModel(scheduler: scheduler)
/// let input = LoginViewModel.Input()
/// let timeline = Timeline(scheduler: scheduler)
/// timeline.recordAll(of: viewModel.transform(input: input))   // or timeline.record("isLoading", output.isLoading)
///
/// timeline.expect {
///     ("isSubmitEnabled", false)
///     ("isLoading", false)
/// }
/// input.email.send("ada@example.com")
/// input.password.send("secret")
/// timeline.expect { ("isSubmitEnabled", true) }
/// timeline.finish()
/// ```
///
/// `Equatable` values are compared as values: `("count", 3)` matches an `Int` output emitting
/// `3`, and `("title", "cat")` matches a `String?` output emitting `"cat"` (optionals are looked
/// through; write `("title", nil)` for `nil`). Other values, and expectations written as text,
/// are compared by their rendering, `String(describing:)` (or the `render` closure given to
/// `record(_:_:render:)`), so a timeline can mix types and `("count", "3")` also matches.
///
/// An exhaustive timeline whose test ends with emissions nobody asserted records a failure at
/// the line that created it: in XCTest when the test case tears down (so a timeline stored in
/// a test-case property still fails its own test), otherwise when the timeline is deallocated.
/// ``finish(fileID:filePath:line:column:)`` checks explicitly and stops recording.
/// Thread-safe: outputs may emit on any thread; entries are kept in emission order.
public final class Timeline: @unchecked Sendable {
    // Lock holder: `state` is guarded by `lock`.

    /// One emission: which output, when, and what.
    public typealias Entry = EmissionLog.Entry

    /// How strictly ``expect(fileID:filePath:line:column:_:)`` checks.
    public enum Exhaustivity: Hashable, Sendable {
        /// Every emission must be stated, in order; leftovers fail on `finish()` or deinit.
        case exhaustive
        /// The stated emissions must occur in order; unstated ones between them are skipped,
        /// and nothing is checked on `finish()` or deinit. For large integration tests.
        case partial
    }

    /// What the assertions have consumed so far.
    struct State {
        /// Entries before this index have been asserted or skipped.
        var checkedCount = 0
        var ignored: Set<String> = []
        var exhaustivity: Exhaustivity
        var isFinished = false
    }

    let lock = Locked()
    var state: State
    /// The recording: every output's emissions, in order.
    let log: EmissionLog
    let creationSite: CallSite

    /// Tick 0 of ``marbles(for:tick:)``.
    public var startTime: Duration { log.startTime }

    /// Creates an empty timeline; times come from `scheduler` when given.
    ///
    /// Inside an XCTest test case, the timeline also checks for unasserted emissions when the
    /// test case tears down.
    public init(
        scheduler: (any Scheduler)? = nil,
        exhaustivity: Exhaustivity = .exhaustive,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        log = EmissionLog(scheduler: scheduler)
        state = State(exhaustivity: exhaustivity)
        creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        XCTestBridge.addTeardownBlock { [weak self] in self?.checkAtTestEnd(headline: "Timeline's test ended with") }
    }

    deinit {
        checkAtTestEnd(headline: "Timeline was deallocated with")
    }

    /// Fails if an exhaustive timeline still holds unasserted emissions, then stops it.
    private func checkAtTestEnd(headline: String) {
        let pending = pendingEntries
        let shouldReport = lock.withLock { () -> Bool in
            defer { state.isFinished = true }
            return !state.isFinished && state.exhaustivity == .exhaustive
        }
        log.stopRecording()
        guard shouldReport, !pending.isEmpty else { return }
        recordTestFailure(
            "\(headline) \(Timeline.count(pending.count, "emission")) nobody asserted "
                + "(expect them, call skipPendingEmissions(), or use exhaustivity: .partial):\n"
                + pending.map { "  + \($0)" }.joined(separator: "\n"),
            at: creationSite
        )
    }

    // MARK: Recording

    /// Records every event of `observable` under `name`, values rendered with `render`.
    public func record<Value>(
        _ name: String,
        _ observable: Observable<Value>,
        render: @escaping (Value) -> String = EmissionLog.defaultRender
    ) {
        log.record(name, observable, render: render)
    }

    /// Records every event of `stream` (a `Subject`, `Property` or any other
    /// `ObservableConvertible`) under `name`, values rendered with `render`.
    public func record<Stream: ObservableConvertible>(
        _ name: String,
        _ stream: Stream,
        render: @escaping (Stream.Value) -> String = EmissionLog.defaultRender
    ) {
        log.record(name, stream.asObservable(), render: render)
    }

    /// Records every ``TimelineRecordable`` stored property of `output` (each `Observable`,
    /// `Subject` or `Property`), named after the property, in declaration order.
    ///
    /// Uses `Mirror`, so it sees stored properties only; nested structs are not searched.
    /// Records a failure if `output` has no recordable property. Returns the names recorded.
    @discardableResult
    public func recordAll<Output>(
        of output: Output,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [String] {
        var names: [String] = []
        for child in Mirror(reflecting: output).children {
            guard let name = child.label, let stream = child.value as? any TimelineRecordable else { continue }
            stream.record(into: self, as: name)
            names.append(name)
        }
        if names.isEmpty {
            recordTestFailure(
                "recordAll(of:) found no Observable, Subject or Property stored in \(type(of: output)).",
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
        }
        return names
    }

    // MARK: Reading

    /// Every entry recorded, asserted or not, in emission order.
    public var entries: [Entry] { log.entries }

    /// The entries not yet asserted or skipped (ignored outputs excluded).
    public var pendingEntries: [Entry] {
        let entries = log.entries
        return lock.withLock { Timeline.pending(in: entries, state: state).map(\.entry) }
    }

    /// How strictly `expect` checks; can be changed between assertions.
    public var exhaustivity: Exhaustivity {
        get { lock.withLock { state.exhaustivity } }
        set { lock.withLock { state.exhaustivity = newValue } }
    }

    /// Stops requiring assertions for the outputs named (they are still in ``entries``).
    public func ignore(_ names: String...) {
        lock.withLock { state.ignored.formUnion(names) }
    }

    /// One output's entries in marble notation, ticks counted from ``startTime``.
    public func marbles(for name: String, tick: Duration? = nil) -> String {
        log.marbles(for: name, tick: tick)
    }
}

extension Timeline: CustomStringConvertible {
    /// Every entry, one per line: `time  name: value`.
    public var description: String {
        entries.map { "\($0.time)  \($0.name): \(Timeline.render($0.event))" }.joined(separator: "\n")
    }
}
