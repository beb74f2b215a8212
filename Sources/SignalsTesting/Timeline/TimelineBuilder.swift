import Signals

extension Timeline {
    /// One emission a test expects: an output's name, its value or finish, and optionally when.
    public struct Expectation: Hashable, Sendable, CustomStringConvertible {
        /// The output's name.
        public let name: String
        /// The rendered value, or the finish.
        public let event: Event<String>
        /// The time it must happen at; nil to accept any time.
        public let time: Duration?

        /// Creates an expectation of `event` on `name`, at `time` if given.
        public init(name: String, event: Event<String>, time: Duration? = nil) {
            self.name = name
            self.event = event
            self.time = time
        }

        /// Expects `name` to emit `value` (compared by `String(describing:)`), at `time` if given.
        public static func value<Value>(_ name: String, _ value: Value, at time: Duration? = nil) -> Expectation {
            Expectation(name: name, event: .value(String(describing: value)), time: time)
        }

        /// Expects `name` to finish, at `time` if given.
        public static func finished(_ name: String, at time: Duration? = nil) -> Expectation {
            Expectation(name: name, event: .finished, time: time)
        }

        /// Whether `entry` is this emission.
        func matches(_ entry: Entry) -> Bool {
            entry.name == name && entry.event == event && (time == nil || time == entry.time)
        }

        /// `name: value`, with `@ time` when a time is required.
        public var description: String {
            "\(name): \(Timeline.render(event))" + (time.map { " @ \($0)" } ?? "")
        }
    }
}

extension Timeline {
    /// Written as the value of a `("name", .finished)` line: the stream finished.
    public enum Completion: Hashable, Sendable {
        /// The stream finished.
        case finished
    }
}

/// Builds the list of emissions a ``Timeline`` assertion expects, one per line:
///
/// ```swift
/// ("isLoading", true)                            // a value, at any time
/// ("results", ["cat"], at: .milliseconds(300))   // a value at a time
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
