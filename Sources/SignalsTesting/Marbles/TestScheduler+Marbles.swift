import Signals

extension TestScheduler {
    /// A hot stream that plays `diagram` on this scheduler: tick 0 is the current time, each
    /// tick lasts ``tick``, values are the diagram's symbols.
    ///
    /// Events are scheduled now and happen as time advances, whether or not anything is bound
    /// (like a `Subject`): bind before advancing. Events on one tick are sent in order.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let input = try scheduler.hotObservable("a-b-c---|")
    /// let output = Recorder(input.debounce(for: scheduler.ticks(2), scheduler: scheduler),
    ///                       scheduler: scheduler)
    /// scheduler.run()
    /// expectMarbles(output, "------c-|")
    /// ```
    public func hotObservable(_ diagram: String) throws(MarbleDiagramError) -> Observable<String> {
        let subject = Subject<String>()
        try send(diagram, to: subject)
        return subject.asObservable()
    }

    /// A hot stream that plays `diagram`, mapping each symbol through `values`.
    ///
    /// Throws ``MarbleDiagramError/Reason/unknownSymbol(_:)`` for a symbol `values` lacks.
    public func hotObservable<Value>(
        _ diagram: String,
        values: [String: Value]
    ) throws(MarbleDiagramError) -> Observable<Value> {
        let subject = Subject<Value>()
        try send(diagram, values: values, to: subject)
        return subject.asObservable()
    }

    /// Schedules `diagram`'s events into `subject`, from the current time: drive a view
    /// model's input with it (`|` finishes the subject).
    ///
    /// ```swift
    /// try scheduler.send("a-b--'cat'", to: input.queryChanged)
    /// ```
    public func send(_ diagram: String, to subject: Subject<String>) throws(MarbleDiagramError) {
        try send(diagram, to: subject) { symbol, _ in symbol }
    }

    /// Schedules `diagram`'s events into `subject`, mapping each symbol through `values`.
    ///
    /// ```swift
    /// try scheduler.send("x--x", values: ["x": ()], to: input.refreshTapped)
    /// ```
    public func send<Value>(
        _ diagram: String,
        values: [String: Value],
        to subject: Subject<Value>
    ) throws(MarbleDiagramError) {
        try send(diagram, to: subject) { symbol, column throws(MarbleDiagramError) in
            guard let value = values[symbol] else {
                throw MarbleDiagramError(reason: .unknownSymbol(symbol), diagram: diagram, column: column)
            }
            return value
        }
    }

    private func send<Value>(
        _ diagram: String,
        to subject: Subject<Value>,
        value: (String, Int) throws(MarbleDiagramError) -> Value
    ) throws(MarbleDiagramError) {
        let parsed = try MarbleParser.parse(diagram)
        // Map every symbol before scheduling anything, so a bad diagram schedules nothing.
        var plan: [(tick: Int, events: [Event<Value>])] = []
        for (tick, events) in parsed.diagram.ticks.enumerated() where !events.isEmpty {
            var mapped: [Event<Value>] = []
            for (index, event) in events.enumerated() {
                switch event {
                case .value(let symbol):
                    mapped.append(.value(try value(symbol, parsed.columns[tick][index])))
                case .finished:
                    mapped.append(.finished)
                }
            }
            plan.append((tick, mapped))
        }
        for step in plan {
            let delivery = MarbleDelivery(subject: subject, events: step.events)
            schedule(after: tick * step.tick) { delivery.deliver() }
        }
    }
}

/// The events of one tick, to send into a subject when the tick comes.
///
/// `@unchecked Sendable`: immutable after init; the values are handed to the subject on the
/// thread that advances the scheduler, as any send would hand them.
private final class MarbleDelivery<Value>: @unchecked Sendable {
    let subject: Subject<Value>
    let events: [Event<Value>]

    init(subject: Subject<Value>, events: [Event<Value>]) {
        self.subject = subject
        self.events = events
    }

    func deliver() {
        for event in events {
            switch event {
            case .value(let value): subject.send(value)
            case .finished: subject.finish()
            }
        }
    }
}
