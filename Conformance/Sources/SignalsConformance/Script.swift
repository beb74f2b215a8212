import SignalsTesting

/// What a source is on each side: `Subject` / `PassthroughSubject`, or `Property` /
/// `CurrentValueSubject` with an initial value.
enum SourceKind: Equatable, CustomStringConvertible {
    case subject
    case property(initial: Int)

    var description: String {
        switch self {
        case .subject: "subject"
        case .property(let initial): "property(\(initial))"
        }
    }
}

/// One thing the script does at a virtual time.
enum Action: Equatable, CustomStringConvertible {
    /// Sends (or, for a property, assigns) `value` on source `source`.
    case send(source: Int, value: Int)
    /// Finishes source `source`.
    case finish(source: Int)
    /// A new subscriber binds the pipeline (subscriber 0 binds at time 0, before anything).
    case bind
    /// Subscriber `subscriber` cancels its binding.
    case cancel(subscriber: Int)

    var description: String {
        switch self {
        case .send(let source, let value): "s\(source)←\(value)"
        case .finish(let source): "s\(source)|"
        case .bind: "bind"
        case .cancel(let subscriber): "cancel#\(subscriber)"
        }
    }
}

/// A seeded random event script: sources, and timed actions in time order.
struct Script: CustomStringConvertible {
    var sources: [SourceKind]
    /// (milliseconds, action), sorted by time; equal times run in list order.
    var steps: [(time: Int, action: Action)]
    /// Subscriber 0's handler sends back into a source (a re-entrant send), if set.
    var feedback: Feedback?

    var lastTime: Int { steps.last?.time ?? 0 }

    var description: String {
        let sourceText = sources.enumerated().map { "s\($0.offset)=\($0.element)" }.joined(separator: " ")
        let stepText = steps.map { "\($0.time)ms \($0.action)" }.joined(separator: ", ")
        let feedbackText = feedback.map { "; \($0)" } ?? ""
        return "sources [\(sourceText)]; steps [0ms bind, \(stepText)]\(feedbackText)"
    }

    /// Whether the script finishes a source that is a property.
    var finishesAProperty: Bool {
        steps.contains { step in
            if case .finish(let source) = step.action, case .property = sources[source] { return true }
            return false
        }
    }

    /// A random script over `sourceCount` sources: values 0–5 (so duplicates happen), times on a
    /// 5 ms grid with equal times (so timers and sends collide), finishes, late binds, and binds
    /// after a finish.
    static func random(
        sourceCount: Int,
        allowFeedback: Bool,
        using random: inout SeededRandomNumberGenerator
    ) -> Script {
        var sources: [SourceKind] = []
        for _ in 0..<sourceCount {
            if Int.random(in: 0..<10, using: &random) < 3 {
                sources.append(.property(initial: Int.random(in: 0...5, using: &random)))
            } else {
                sources.append(.subject)
            }
        }
        var steps: [(time: Int, action: Action)] = []
        var time = 0
        let count = Int.random(in: 2...14, using: &random)
        var finished = Set<Int>()
        var subscribers = 1
        for _ in 0..<count {
            // 0 ms apart a quarter of the time, so equal-time events are common.
            if Int.random(in: 0..<4, using: &random) != 0 {
                time += 5 * Int.random(in: 1...8, using: &random)
            }
            let roll = Int.random(in: 0..<100, using: &random)
            // With no sources (a cold pipeline), the script only binds.
            let source = sourceCount == 0 ? 0 : Int.random(in: 0..<sourceCount, using: &random)
            if roll < 5 {
                steps.append((time, .cancel(subscriber: Int.random(in: 0..<subscribers, using: &random))))
            } else if roll < 13 || sourceCount == 0 {
                subscribers += 1
                steps.append((time, .bind))
            } else if roll < 16 && !finished.contains(source) {
                // Properties finish rarely: Signals' Property cannot finish (a deliberate difference).
                if case .property = sources[source], Int.random(in: 0..<4, using: &random) != 0 {
                    steps.append((time, .send(source: source, value: Int.random(in: 0...5, using: &random))))
                    continue
                }
                finished.insert(source)
                steps.append((time, .finish(source: source)))
                // Finish-then-subscribe, half the time.
                if Bool.random(using: &random) {
                    time += 5 * Int.random(in: 0...4, using: &random)
                    subscribers += 1
                    steps.append((time, .bind))
                }
            } else {
                steps.append((time, .send(source: source, value: Int.random(in: 0...5, using: &random))))
            }
        }
        var feedback: Feedback?
        // Only with one subscriber: with two bindings of one subject, which sees a nested send
        // first depends on the order of the subject's subscribers, which Combine leaves open.
        let oneSubscriber = !steps.contains { if case .bind = $0.action { true } else { false } }
        if allowFeedback, oneSubscriber, sourceCount > 0, Int.random(in: 0..<10, using: &random) < 5 {
            feedback = Feedback(source: Int.random(in: 0..<sourceCount, using: &random), budget: 3)
        }
        return Script(sources: sources, steps: steps, feedback: feedback)
    }
}

/// Subscriber 0's handler, on an even value `v`, sends `(v + 1) % 6` into `source`, at most
/// `budget` times: a send made from inside a delivery.
struct Feedback: CustomStringConvertible {
    let source: Int
    let budget: Int

    var description: String { "#0 on even v sends (v+1)%6 into s\(source), \(budget) times" }
}

/// One recorded event with its virtual time in milliseconds.
struct Stamped: Equatable, CustomStringConvertible {
    enum Event: Equatable {
        case value(Int)
        case finished
    }

    let time: Int
    let event: Event

    var description: String {
        switch event {
        case .value(let value): "\(value)@\(time)"
        case .finished: "|@\(time)"
        }
    }
}

/// What every subscriber received, in bind order.
struct History: Equatable, CustomStringConvertible {
    var subscribers: [[Stamped]] = []

    /// Each subscriber's events with those at the same time put in one order (values by value,
    /// then the finish): for comparing where the order within a time is unspecified.
    var sameTimeEventsSorted: History {
        History(subscribers: subscribers.map { events in
            events.sorted { lhs, rhs in
                if lhs.time != rhs.time { return lhs.time < rhs.time }
                switch (lhs.event, rhs.event) {
                case (.value(let a), .value(let b)): return a < b
                case (.value, .finished): return true
                case (.finished, _): return false
                }
            }
        })
    }

    var description: String {
        subscribers.enumerated().map { index, events in
            "#\(index) [" + events.map(\.description).joined(separator: " ") + "]"
        }.joined(separator: "  ")
    }
}
