import Signals

/// Builds the list of emissions a ``Timeline`` assertion expects, one per line:
///
/// ```swift
/// ("isLoading", true)                            // a value, at any time
/// ("results", ["cat"], at: .milliseconds(300))   // a value at a time
/// ("selection", nil)                            // an optional output's nil
/// ("results", .finished)                         // a finish
/// Timeline.Expectation.finished("results", at: .seconds(1))
/// ```
///
/// `if`, `if`/`else` and `for` are allowed. (A line starting with `.` would continue the line
/// before it, so spell out `Timeline.Expectation` when not using a tuple.)
@resultBuilder
public enum TimelineBuilder {
    /// A `("name", value)` pair.
    public static func buildExpression<Value>(_ pair: (String, Value)) -> [Timeline.Expectation] {
        [.value(pair.0, pair.1)]
    }

    /// A `("name", value, at: time)` triple.
    public static func buildExpression<Value>(_ triple: (String, Value, at: Duration)) -> [Timeline.Expectation] {
        [.value(triple.0, triple.1, at: triple.at)]
    }

    /// A `("name", nil)` pair: an optional output emitted `nil`.
    public static func buildExpression(_ pair: (String, Timeline.NilValue)) -> [Timeline.Expectation] {
        [.value(pair.0, Optional<Never>.none)]
    }

    /// A `("name", nil, at: time)` triple.
    public static func buildExpression(_ triple: (String, Timeline.NilValue, at: Duration)) -> [Timeline.Expectation] {
        [.value(triple.0, Optional<Never>.none, at: triple.at)]
    }

    /// A `("name", .finished)` pair.
    public static func buildExpression(_ pair: (String, Timeline.Completion)) -> [Timeline.Expectation] {
        [.finished(pair.0)]
    }

    /// A `("name", .finished, at: time)` triple.
    public static func buildExpression(_ triple: (String, Timeline.Completion, at: Duration)) -> [Timeline.Expectation] {
        [.finished(triple.0, at: triple.at)]
    }

    /// An expectation.
    public static func buildExpression(_ expectation: Timeline.Expectation) -> [Timeline.Expectation] {
        [expectation]
    }

    /// Several expectations, in order.
    public static func buildExpression(_ expectations: [Timeline.Expectation]) -> [Timeline.Expectation] {
        expectations
    }

    /// The lines of a block, in order.
    public static func buildBlock(_ parts: [Timeline.Expectation]...) -> [Timeline.Expectation] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: [Timeline.Expectation]?) -> [Timeline.Expectation] {
        part ?? []
    }

    /// The `if` branch.
    public static func buildEither(first part: [Timeline.Expectation]) -> [Timeline.Expectation] {
        part
    }

    /// The `else` branch.
    public static func buildEither(second part: [Timeline.Expectation]) -> [Timeline.Expectation] {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [[Timeline.Expectation]]) -> [Timeline.Expectation] {
        parts.flatMap { $0 }
    }
}
