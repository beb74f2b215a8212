import Signals

extension Timeline {
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
    /// On failure the message is a diff: `-` stated but not emitted, `+` emitted but not stated,
    /// `~` emitted in another position than stated.
    public func expect(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @TimelineBuilder _ expected: () -> [Expectation]
    ) {
        let expectations = expected()
        let entries = log.entries
        let message = lock.withLock { () -> String? in
            let outcome = Timeline.compare(expectations, with: entries, state: state)
            state.checkedCount = outcome.checkedCount
            return outcome.message
        }
        if let message { recordTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) }
    }

    /// Returns nil if `expect` would pass with `expected`, else its failure message; consumes
    /// nothing (for testing the timeline itself, or building your own assertions).
    public func mismatch(@TimelineBuilder _ expected: () -> [Expectation]) -> String? {
        let expectations = expected()
        let entries = log.entries
        return lock.withLock { Timeline.compare(expectations, with: entries, state: state).message }
    }

    /// Expects no emission since the last assertion; fails listing them otherwise.
    public func expectNoMoreEmissions(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let entries = log.entries
        let pending = lock.withLock { () -> [Entry] in
            defer { state.checkedCount = entries.count }
            return Timeline.pending(in: entries, state: state).map(\.entry)
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
        let count = log.count
        lock.withLock { state.checkedCount = max(state.checkedCount, count) }
    }

    /// Ends the test's use of the timeline: stops recording and, when exhaustive, expects no
    /// emission nobody asserted. After it, nothing is checked at the end of the test.
    public func finish(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        if exhaustivity == .exhaustive {
            expectNoMoreEmissions(fileID: fileID, filePath: filePath, line: line, column: column)
        }
        lock.withLock { state.isFinished = true }
        log.stopRecording()
    }
}
