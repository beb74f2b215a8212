import Signals

extension TestScheduler {
    /// A hot stream that plays `diagram` on this scheduler: tick 0 is the current time, each
    /// tick lasts ``tick``, values are the diagram's symbols.
    ///
    /// Events are scheduled now and happen as time advances, whether or not anything is bound
    /// (like a `Subject`): bind before advancing. Events on one tick are sent in order. For a
    /// stream whose time starts when it is bound, use ``coldObservable(_:notation:)``; for
    /// RxTest diagrams (`"e---u1----u2"`), pass `notation: .multiCharacterValues`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let input = try scheduler.hotObservable("a-b-c---|")
    /// let output = Recorder(input.debounce(for: scheduler.ticks(2), scheduler: scheduler),
    ///                       scheduler: scheduler)
    /// scheduler.run()
    /// expectMarbles(output, "------c-|")
    /// ```
    public func hotObservable(
        _ diagram: String,
        notation: MarbleNotation = .singleCharacterValues
    ) throws(MarbleDiagramError) -> Observable<String> {
        let subject = Subject<String>()
        try send(diagram, notation: notation, to: subject)
        return subject.asObservable()
    }

    /// A hot stream that plays `diagram`, mapping each symbol through `values`.
    ///
    /// Throws ``MarbleDiagramError/Reason/unknownSymbol(_:)`` for a symbol `values` lacks.
    public func hotObservable<Value>(
        _ diagram: String,
        values: [String: Value],
        notation: MarbleNotation = .singleCharacterValues
    ) throws(MarbleDiagramError) -> Observable<Value> {
        let subject = Subject<Value>()
        try send(diagram, values: values, notation: notation, to: subject)
        return subject.asObservable()
    }

    /// A cold stream that plays `diagram` for each binding from the time it binds (RxTest's
    /// `createColdObservable`): tick 0 is the time of `bind`, and every binding gets its own
    /// timeline. Cancelling a binding drops the events it has not received yet.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let response = try scheduler.coldObservable("--r|")   // answers two ticks after each request
    /// let results = Recorder(query.flatMapLatest { _ in response }, scheduler: scheduler)
    /// ```
    public func coldObservable(
        _ diagram: String,
        notation: MarbleNotation = .singleCharacterValues
    ) throws(MarbleDiagramError) -> Observable<String> {
        coldObservable(playing: try plan(diagram, notation: notation) { symbol, _ in symbol })
    }

    /// A cold stream that plays `diagram`, each symbol mapped through `values`, for each binding
    /// from the time it binds (see ``coldObservable(_:notation:)``).
    ///
    /// ```swift
    /// let page = try scheduler.coldObservable("---p|", values: ["p": [photo]])
    /// ```
    ///
    /// Throws ``MarbleDiagramError/Reason/unknownSymbol(_:)`` for a symbol `values` lacks.
    public func coldObservable<Value>(
        _ diagram: String,
        values: [String: Value],
        notation: MarbleNotation = .singleCharacterValues
    ) throws(MarbleDiagramError) -> Observable<Value> {
        coldObservable(playing: try plan(diagram, notation: notation, lookingUpIn: values))
    }

    /// Schedules `diagram`'s events into `subject`, from the current time: drive a view
    /// model's input with it (`|` finishes the subject).
    ///
    /// ```swift
    /// try scheduler.send("a-b--'cat'", to: input.queryChanged)
    /// ```
    public func send(
        _ diagram: String,
        notation: MarbleNotation = .singleCharacterValues,
        to subject: Subject<String>
    ) throws(MarbleDiagramError) {
        play(try plan(diagram, notation: notation) { symbol, _ in symbol }, into: subject)
    }

    /// Schedules `diagram`'s events into `subject`, mapping each symbol through `values`.
    ///
    /// ```swift
    /// try scheduler.send("x--x", values: ["x": ()], to: input.refreshTapped)
    /// ```
    public func send<Value>(
        _ diagram: String,
        values: [String: Value],
        notation: MarbleNotation = .singleCharacterValues,
        to subject: Subject<Value>
    ) throws(MarbleDiagramError) {
        play(try plan(diagram, notation: notation, lookingUpIn: values), into: subject)
    }

    /// The events of `diagram` by tick, each symbol mapped through `values`.
    private func plan<Value>(
        _ diagram: String,
        notation: MarbleNotation,
        lookingUpIn values: [String: Value]
    ) throws(MarbleDiagramError) -> [MarbleStep<Value>] {
        try plan(diagram, notation: notation) { symbol, column throws(MarbleDiagramError) in
            guard let value = values[symbol] else {
                throw MarbleDiagramError(reason: .unknownSymbol(symbol), diagram: diagram, column: column)
            }
            return value
        }
    }

    /// The events of `diagram` by tick, each symbol mapped by `value` (given its column).
    /// Every symbol is mapped before anything is scheduled, so a bad diagram schedules nothing.
    private func plan<Value>(
        _ diagram: String,
        notation: MarbleNotation,
        value: (String, Int) throws(MarbleDiagramError) -> Value
    ) throws(MarbleDiagramError) -> [MarbleStep<Value>] {
        let parsed = try MarbleParser.parse(diagram, notation: notation)
        var plan: [MarbleStep<Value>] = []
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
            plan.append(MarbleStep(tick: tick, events: mapped))
        }
        return plan
    }

    /// Schedules each step into `subject`, counting ticks from now.
    private func play<Value>(_ plan: [MarbleStep<Value>], into subject: Subject<Value>) {
        for step in plan {
            let delivery = MarbleDelivery(events: step.events, send: { subject.send($0) }, finish: { subject.finish() })
            schedule(after: tick * step.tick) { delivery.deliver() }
        }
    }

    /// A stream that schedules `plan` afresh for each binding, counting ticks from its `bind`.
    private func coldObservable<Value>(playing plan: [MarbleStep<Value>]) -> Observable<Value> {
        Observable.create { [self] observer in
            let scheduled = plan.map { step -> Cancellable in
                let delivery = MarbleDelivery(events: step.events, send: observer.send, finish: observer.finish)
                return schedule(after: tick * step.tick) { delivery.deliver() }
            }
            return AnyCancellable { for work in scheduled { work.cancel() } }
        }
    }
}

/// The events a marble diagram has on one tick.
private struct MarbleStep<Value> {
    let tick: Int
    let events: [Event<Value>]
}

/// The events of one tick, to send into a subject or an observer when the tick comes.
///
/// `@unchecked Sendable`: immutable after init; the values are handed over on the thread that
/// advances the scheduler, as any send would hand them.
private final class MarbleDelivery<Value>: @unchecked Sendable {
    let events: [Event<Value>]
    let send: (Value) -> Void
    let finish: () -> Void

    init(events: [Event<Value>], send: @escaping (Value) -> Void, finish: @escaping () -> Void) {
        self.events = events
        self.send = send
        self.finish = finish
    }

    func deliver() {
        for event in events {
            switch event {
            case .value(let value): send(value)
            case .finished: finish()
            }
        }
    }
}
