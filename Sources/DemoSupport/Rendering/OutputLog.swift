import Signals
import SignalsVirtualTime

/// Everything the view models' outputs emit during a run, in order, on one virtual clock:
/// a readable log (``takeLines()`` after each step) and marble lines over the whole run
/// (``marbleLines()``). Built on SignalsVirtualTime's `EmissionLog`.
///
/// ```swift
/// let log = OutputLog(scheduler: driver.scheduler)
/// log.record("list.isLoading", output.isLoading, render: DemoFormat.bool, symbol: { $0 ? "t" : "f" })
/// input.appeared.fire()
/// await driver.advance(by: .milliseconds(300))
/// for line in log.takeLines() { print(line) }   // "  0.000s  list.isLoading = true" …
/// ```
package final class OutputLog {
    /// The readable values.
    private let timeline: EmissionLog
    /// One-character symbols, for marble lines.
    private let symbols: EmissionLog
    /// How many of `timeline`'s entries ``takeLines()`` has returned.
    private var takenCount = 0
    /// The outputs that get a marble line, in the order recorded.
    private var marbleNames: [String] = []

    /// Creates an empty log on `scheduler`'s clock (and its marble tick).
    package init(scheduler: TestScheduler) {
        timeline = EmissionLog(scheduler: scheduler)
        symbols = EmissionLog(scheduler: scheduler)
    }

    /// Records every value of `observable` under `name`, written with `render`; with `symbol`
    /// (one character per value), the output also gets a marble line.
    package func record<Value>(
        _ name: String,
        _ observable: Observable<Value>,
        render: @escaping (Value) -> String,
        symbol: ((Value) -> String)? = nil
    ) {
        timeline.record(name, observable, render: render)
        if let symbol {
            symbols.record(name, observable, render: symbol)
            if !marbleNames.contains(name) { marbleNames.append(name) }
        }
    }

    /// The emissions since the last call, one line each: `  0.300s  name = value`.
    package func takeLines() -> [String] {
        let entries = timeline.entries.dropFirst(takenCount)
        takenCount += entries.count
        return entries.map { entry in
            let value: String
            switch entry.event {
            case .value(let rendered): value = TerminalText.sanitized(rendered)
            case .finished: value = "finished"
            }
            return "\(DemoFormat.time(entry.time))  \(entry.name) = \(value)"
        }
    }

    /// How many emissions have been recorded so far.
    package var emissionCount: Int { timeline.entries.count }

    /// One marble line per output recorded with a symbol, names aligned, ticks counted from
    /// the log's creation: `list.isLoading          f--t--f`.
    package func marbleLines() -> [String] {
        let width = (marbleNames.map(\.count).max() ?? 0) + 2
        return marbleNames.map { name in
            let marbles = symbols.marbles(for: name)
            return name.rightPadded(to: width) + (marbles.isEmpty ? "(nothing)" : marbles)
        }
    }
}
