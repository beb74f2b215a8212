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
        /// The expected value itself, for comparing `Equatable` values as values.
        let value: RecordedValue?

        /// Creates an expectation of `event` on `name`, at `time` if given (compared as text).
        public init(name: String, event: Event<String>, time: Duration? = nil) {
            self.init(name: name, event: event, time: time, value: nil)
        }

        init(name: String, event: Event<String>, time: Duration?, value: RecordedValue?) {
            self.name = name
            self.event = event
            self.time = time
            self.value = value
        }

        /// Expects `name` to emit `value`, at `time` if given: compared as a value when the
        /// output's value is `Equatable` and of the same type (optionals looked through), else
        /// by its rendering.
        public static func value<Value>(_ name: String, _ value: Value, at time: Duration? = nil) -> Expectation {
            Expectation(
                name: name,
                event: .value(EmissionLog.defaultRender(value)),
                time: time,
                value: RecordedValue(value)
            )
        }

        /// Expects `name` to finish, at `time` if given.
        public static func finished(_ name: String, at time: Duration? = nil) -> Expectation {
            Expectation(name: name, event: .finished, time: time)
        }

        /// Whether `entry` is this emission.
        func matches(_ entry: Entry) -> Bool {
            guard entry.name == name, time == nil || time == entry.time else { return false }
            switch (event, entry.event) {
            case (.finished, .finished):
                return true
            case (.value(let expectedText), .value(let actualText)):
                if let expected = value, let actual = entry.value,
                   let isEqual = actual.isEqual(to: expected.base) {
                    // A string that is the output's rendering still matches (text fallback).
                    return isEqual || (expected.base is String && expectedText == actualText)
                }
                return expectedText == actualText
            default:
                return false
            }
        }

        /// `name: value`, with `@ time` when a time is required.
        public var description: String {
            "\(name): \(Timeline.render(event))" + (time.map { " @ \($0)" } ?? "")
        }

        /// Expectations are equal when name, rendered event and time are.
        public static func == (lhs: Expectation, rhs: Expectation) -> Bool { lhs.identity == rhs.identity }

        /// Hashes name, rendered event and time.
        public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

        private var identity: EmissionIdentity<Duration?> { EmissionIdentity(name: name, event: event, time: time) }
    }

    /// Written as the value of a `("name", .finished)` line: the stream finished.
    public enum Completion: Hashable, Sendable {
        /// The stream finished.
        case finished
    }

    /// Written as the value of a `("name", nil)` line: an optional output emitted `nil`.
    public struct NilValue: ExpressibleByNilLiteral, Hashable, Sendable {
        /// Creates the `nil` of a `("name", nil)` line.
        public init(nilLiteral: ()) {}
    }
}
