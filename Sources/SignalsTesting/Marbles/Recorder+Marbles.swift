import Signals

extension Recorder {
    /// The recording as a `MarbleDiagram`: each event on the tick it arrived in, counted from
    /// ``startTime``, with `symbol` naming each value.
    ///
    /// An event between two ticks belongs to the earlier one. `tick` defaults to the recorder's
    /// `TestScheduler`'s tick.
    public func marbleDiagram(tick: Duration? = nil, symbol: (Value) -> String) -> MarbleDiagram {
        MarbleDiagram(
            timedEvents: entries.map { entry -> (time: Duration, event: Event<String>) in
                switch entry.event {
                case .value(let value): (entry.time, .value(symbol(value)))
                case .finished: (entry.time, .finished)
                }
            },
            startTime: startTime,
            tick: tick ?? self.tick
        )
    }

    /// The recording in marble notation, values rendered with `symbol`.
    ///
    /// Ends at the last event (no trailing `-`); an empty recording is `""`.
    public func marbles(tick: Duration? = nil, symbol: (Value) -> String) -> String {
        marbleDiagram(tick: tick, symbol: symbol).description
    }

    /// The recording in marble notation, values rendered with `String(describing:)`.
    public func marbles(tick: Duration? = nil) -> String {
        marbles(tick: tick) { String(describing: $0) }
    }

    /// Returns nil if the recording matches `expected`, else the aligned failure message.
    public func marbleMismatch(
        _ expected: String,
        tick: Duration? = nil,
        notation: MarbleNotation = .singleCharacterValues,
        symbol: (Value) -> String = { String(describing: $0) }
    ) -> String? {
        let message = MarbleDiagram.mismatch(
            expected: expected,
            actual: marbleDiagram(tick: tick, symbol: symbol),
            tick: tick ?? self.tick,
            notation: notation
        )
        guard let message, !hasScheduler, !entries.isEmpty else { return message }
        return message + "\n" + Recorder.noSchedulerHint
    }

    /// Why a recorder without a scheduler puts every event on tick 0.
    static var noSchedulerHint: String {
        "Note: this Recorder was created without a scheduler, so it records no times and every "
            + "event falls on tick 0 (one [group]). Create it with "
            + "`Recorder(stream, scheduler: scheduler)` to place events on the TestScheduler's ticks."
    }
}

extension Recorder where Value: Equatable {
    /// The recording in marble notation, each value written as its symbol in `values`
    /// (values missing from it are written with `String(describing:)`).
    public func marbles(values: [String: Value], tick: Duration? = nil) -> String {
        marbles(tick: tick, symbol: Recorder.symbolLookup(values))
    }

    /// Returns nil if the recording matches `expected` read through `values`, else the
    /// aligned failure message.
    public func marbleMismatch(
        _ expected: String,
        values: [String: Value],
        tick: Duration? = nil,
        notation: MarbleNotation = .singleCharacterValues
    ) -> String? {
        marbleMismatch(expected, tick: tick, notation: notation, symbol: Recorder.symbolLookup(values))
    }

    /// Finds a value's symbol (the first in sorted order when several map to it).
    static func symbolLookup(_ values: [String: Value]) -> (Value) -> String {
        let pairs = values.sorted { $0.key < $1.key }
        return { value in
            pairs.first { $0.value == value }?.key ?? String(describing: value)
        }
    }
}

/// Expects `recorder`'s whole history to be the marble diagram `expected`; on a mismatch,
/// records a failure at the caller showing both diagrams aligned and the first differing tick.
///
/// Values are written with `symbol` (`String(describing:)` by default, so a `Recorder<String>`
/// is written as its values). Trailing `-` are optional. Works in Swift Testing and XCTest.
/// `notation: .multiCharacterValues` reads `expected` as RxTest does (`"e---u1----u2"`: `u2`
/// on tick 10).
///
/// ```swift
/// expectMarbles(recorder, "a-b-c---|")
/// expectMarbles(flags, "t-f") { $0 ? "t" : "f" }
/// ```
public func expectMarbles<Value>(
    _ recorder: Recorder<Value>,
    _ expected: String,
    tick: Duration? = nil,
    notation: MarbleNotation = .singleCharacterValues,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    symbol: (Value) -> String = { String(describing: $0) }
) {
    if let message = recorder.marbleMismatch(expected, tick: tick, notation: notation, symbol: symbol) {
        recordTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// Expects `recorder`'s whole history to be `expected`, whose symbols stand for the values in
/// `values`; on a mismatch, records a failure showing both diagrams aligned.
///
/// ```swift
/// expectMarbles(isLoading, "f-t--f", values: ["t": true, "f": false])
/// expectMarbles(results, "e---u1----u2", values: ["e": [], "u1": [ada], "u2": [ada, grace]],
///               notation: .multiCharacterValues)   // a diagram copied from an RxTest test
/// ```
public func expectMarbles<Value: Equatable>(
    _ recorder: Recorder<Value>,
    _ expected: String,
    values: [String: Value],
    tick: Duration? = nil,
    notation: MarbleNotation = .singleCharacterValues,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    if let message = recorder.marbleMismatch(expected, values: values, tick: tick, notation: notation) {
        recordTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
