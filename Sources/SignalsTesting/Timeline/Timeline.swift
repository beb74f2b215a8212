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
/// Values are compared by their rendering, `String(describing:)` (or the `render` closure
/// given to ``record(_:_:render:)``), so a timeline can mix types and the expected value can be
/// written either as the value or as its rendering (`("count", 3)` or `("count", "3")`).
///
/// An exhaustive timeline that is deallocated with emissions nobody asserted records a failure
/// at the line that created it; ``finish(fileID:filePath:line:column:)`` checks explicitly and stops.
/// Thread-safe: outputs may emit on any thread; entries are kept in emission order.
public final class Timeline: @unchecked Sendable {
    // Lock holder: `state` is guarded by `lock`.

    /// One emission: which output, when, and what.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// The output's name, as recorded.
        public let name: String
        /// The scheduler's time when it was emitted (`.zero` without a scheduler).
        public let time: Duration
        /// The rendered value, or the finish.
        public let event: Event<String>

        /// Creates an entry.
        public init(name: String, time: Duration, event: Event<String>) {
            self.name = name
            self.time = time
            self.event = event
        }

        /// `name: value @ time`, or `name: finished @ time`.
        public var description: String {
            "\(name): \(Timeline.render(event)) @ \(time)"
        }
    }

    /// How strictly ``expect(fileID:filePath:line:column:_:)`` checks.
    public enum Exhaustivity: Hashable, Sendable {
        /// Every emission must be stated, in order; leftovers fail on `finish()` or deinit.
        case exhaustive
        /// The stated emissions must occur in order; unstated ones between them are skipped,
        /// and nothing is checked on `finish()` or deinit. For large integration tests.
        case partial
    }

    private struct State {
        var entries: [Entry] = []
        /// Entries before this index have been asserted or skipped.
        var checkedCount = 0
        var ignored: Set<String> = []
        var tokens: [any Cancellable] = []
        var exhaustivity: Exhaustivity
        var isFinished = false
    }

    private let lock = NSLockLike()
    private var state: State
    private let clock: (@Sendable () -> Duration)?
    private let tick: Duration
    /// Tick 0 of ``marbles(for:tick:)``.
    public let startTime: Duration
    private let creationSite: CallSite

    /// Creates an empty timeline; times come from `scheduler` when given.
    public init(
        scheduler: (any Scheduler)? = nil,
        exhaustivity: Exhaustivity = .exhaustive,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        if let scheduler {
            clock = { scheduler.now }
        } else {
            clock = nil
        }
        startTime = scheduler?.now ?? .zero
        tick = (scheduler as? TestScheduler)?.tick ?? TestScheduler.defaultTick
        state = State(exhaustivity: exhaustivity)
        creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    deinit {
        let (isFinished, exhaustivity, pending) = lock.withLock {
            (state.isFinished, state.exhaustivity, Timeline.pending(in: state).map(\.entry))
        }
        let tokens = lock.withLock { state.tokens }
        for token in tokens { token.cancel() }
        guard !isFinished, exhaustivity == .exhaustive, !pending.isEmpty else { return }
        recordTestFailure(
            "Timeline was deallocated with \(Timeline.count(pending.count, "emission")) nobody asserted "
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
        render: @escaping (Value) -> String = { String(describing: $0) }
    ) {
        // Bind outside the lock: a Property delivers its current value during `bind`.
        let token = observable.bind(
            onValue: { [weak self] value in self?.append(name, .value(render(value))) },
            onFinish: { [weak self] in self?.append(name, .finished) }
        )
        lock.withLock { state.tokens.append(token) }
    }

    /// Records every ``TimelineRecordable`` stored property of `output` (each `Observable`,
    /// `Subject` or `Property`), named after the property, in declaration order.
    ///
    /// Uses `Mirror`, so it sees stored properties only; nested structs are not searched.
    /// Records a failure if `output` has no recordable property. Returns the names recorded.
    @discardableResult
    public func recordAll<Output>(
        of output: Output,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
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

    private func append(_ name: String, _ event: Event<String>) {
        let time = clock?() ?? .zero
        lock.withLock { state.entries.append(Entry(name: name, time: time, event: event)) }
    }

    // MARK: Reading

    /// Every entry recorded, asserted or not, in emission order.
    public var entries: [Entry] { lock.withLock { state.entries } }

    /// The entries not yet asserted or skipped (ignored outputs excluded).
    public var pendingEntries: [Entry] { lock.withLock { Timeline.pending(in: state).map(\.entry) } }

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
        let tickNanoseconds = max(1, (tick ?? self.tick).nanoseconds)
        var ticks: [[Event<String>]] = []
        for entry in entries where entry.name == name {
            let index = Int(max(0, (entry.time - startTime).nanoseconds) / tickNanoseconds)
            while ticks.count <= index { ticks.append([]) }
            ticks[index].append(entry.event)
        }
        return MarbleDiagram(ticks: ticks).description
    }

    // MARK: Asserting

    /// Expects the emissions since the last assertion to be exactly `expected`, in order
    /// (in `.partial` mode: to include them, in order); consumes them.
    ///
    /// ```swift
    /// timeline.expect {
    ///     ("isLoading", true)
    ///     ("results", ["cat", "car"])
    ///     ("results", .finished)
    ///     ("isLoading", false, at: .milliseconds(300))
    /// }
    /// ```
    /// On failure the message is a diff: `-` stated but not emitted, `+` emitted but not stated.
    public func expect(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        @TimelineBuilder _ expected: () -> [Expectation]
    ) {
        let expectations = expected()
        let message = lock.withLock { () -> String? in
            let outcome = Timeline.compare(expectations, with: state)
            state.checkedCount = outcome.checkedCount
            return outcome.message
        }
        if let message { recordTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) }
    }

    /// Returns nil if `expect` would pass with `expected`, else its failure message; consumes
    /// nothing (for testing the timeline itself, or building your own assertions).
    public func mismatch(@TimelineBuilder _ expected: () -> [Expectation]) -> String? {
        let expectations = expected()
        return lock.withLock { Timeline.compare(expectations, with: state).message }
    }

    /// Expects no emission since the last assertion; fails listing them otherwise.
    public func expectNoMoreEmissions(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let pending = lock.withLock { () -> [Entry] in
            defer { state.checkedCount = state.entries.count }
            return Timeline.pending(in: state).map(\.entry)
        }
        guard !pending.isEmpty else { return }
        recordTestFailure(
            "Expected no more emissions, but the timeline has \(Timeline.count(pending.count, "emission")) "
                + "nobody asserted:\n" + pending.map { "  + \($0)" }.joined(separator: "\n"),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Marks every emission so far as asserted, without checking them.
    public func skipPendingEmissions() {
        lock.withLock { state.checkedCount = state.entries.count }
    }

    /// Ends the test's use of the timeline: stops recording and, when exhaustive, expects no
    /// emission nobody asserted. After it, deinit checks nothing.
    public func finish(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        if exhaustivity == .exhaustive {
            expectNoMoreEmissions(fileID: fileID, filePath: filePath, line: line, column: column)
        }
        let tokens = lock.withLock { () -> [any Cancellable] in
            defer {
                state.tokens = []
                state.isFinished = true
            }
            return state.tokens
        }
        for token in tokens { token.cancel() }
    }
}

extension Timeline: CustomStringConvertible {
    /// Every entry, one per line: `time  name: value`.
    public var description: String {
        entries.map { "\($0.time)  \($0.name): \(Timeline.render($0.event))" }.joined(separator: "\n")
    }
}

// MARK: - Comparison

extension Timeline {
    /// What an assertion found: the failure message, if any, and how far it checked.
    private struct Outcome {
        var message: String?
        var checkedCount: Int
    }

    /// The unchecked, not-ignored entries, with their indices in `state.entries`.
    private static func pending(in state: State) -> [(index: Int, entry: Entry)] {
        state.entries.indices[state.checkedCount...].compactMap { index in
            let entry = state.entries[index]
            return state.ignored.contains(entry.name) ? nil : (index, entry)
        }
    }

    private static func compare(_ expected: [Expectation], with state: State) -> Outcome {
        let pending = pending(in: state)
        switch state.exhaustivity {
        case .exhaustive:
            let actual = pending.map(\.entry)
            let matches = actual.count == expected.count
                && zip(expected, actual).allSatisfy { $0.matches($1) }
            return Outcome(
                message: matches ? nil : exhaustiveDiff(expected: expected, actual: actual),
                checkedCount: state.entries.count
            )
        case .partial:
            var position = 0
            var lastMatch: Int?
            var missing: [Expectation] = []
            for expectation in expected {
                if let found = pending[position...].firstIndex(where: { expectation.matches($0.entry) }) {
                    lastMatch = pending[found].index
                    position = found + 1
                } else {
                    missing.append(expectation)
                }
            }
            let checkedCount = lastMatch.map { $0 + 1 } ?? state.checkedCount
            guard !missing.isEmpty else { return Outcome(message: nil, checkedCount: checkedCount) }
            let message = "Timeline is missing \(count(missing.count, "expected emission")) "
                + "(partial: the stated emissions must occur in this order):\n"
                + missing.map { "  - \($0)" }.joined(separator: "\n")
                + "\nEmitted since the last assertion:\n"
                + (pending.isEmpty ? "  (nothing)" : pending.map { "    \($0.entry)" }.joined(separator: "\n"))
            return Outcome(message: message, checkedCount: checkedCount)
        }
    }

    /// A line diff of expected and actual, aligned on their longest common subsequence.
    private static func exhaustiveDiff(expected: [Expectation], actual: [Entry]) -> String {
        let n = expected.count
        let m = actual.count
        // lengths[i][j]: longest common subsequence of expected[i...] and actual[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = expected[i].matches(actual[j])
                    ? lengths[i + 1][j + 1] + 1
                    : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [String] = []
        var unexpected = 0
        var missing = 0
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i].matches(actual[j]) {
                lines.append("    \(actual[j])")
                i += 1
                j += 1
            } else if j < m, i == n || lengths[i][j + 1] >= lengths[i + 1][j] {
                lines.append("  + \(actual[j])")
                unexpected += 1
                j += 1
            } else {
                lines.append("  - \(expected[i])")
                missing += 1
                i += 1
            }
        }
        var summary: [String] = []
        if unexpected > 0 { summary.append("\(count(unexpected, "unexpected emission"))") }
        if missing > 0 { summary.append("\(count(missing, "expected emission")) missing") }
        return "Timeline does not match (\(summary.joined(separator: ", "))); "
            + "- expected but not emitted, + emitted but not expected:\n"
            + lines.joined(separator: "\n")
    }

    /// `value` for a value, `finished` for the finish.
    static func render(_ event: Event<String>) -> String {
        switch event {
        case .value(let value): return value
        case .finished: return "finished"
        }
    }

    /// "1 emission", "2 emissions".
    static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
