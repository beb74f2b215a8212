import OpenCombine
import Signals
import SignalsTesting

/// Collects what one subscriber receives, stamped with the virtual time.
final class Recorder {
    var events: [Stamped] = []
    /// Runs after each value is recorded (the script's feedback, for subscriber 0).
    var onValue: ((Int) -> Void)?
}

/// One library's side of a run: its sources, its virtual clock, its subscribers.
protocol Side: AnyObject {
    var nowMilliseconds: Int { get }
    func advance(toMilliseconds time: Int)
    func send(source: Int, value: Int)
    func finish(source: Int)
    func bindSubscriber(_ recorder: Recorder)
    func cancelSubscriber(_ index: Int)
    /// A send made by a handler, from inside a delivery.
    func sendFromHandler(source: Int, value: Int)
}

/// Plays `script` on `side`: subscriber 0 binds first, each step runs after the clock has
/// advanced to its time (so timers due at that time fire first), then the clock runs on to
/// `horizon` ms past the last step.
func play(_ script: Script, on side: some Side, horizon: Int) -> History {
    var recorders = [Recorder()]
    if let feedback = script.feedback {
        var budget = feedback.budget
        recorders[0].onValue = { [unowned side] value in
            guard budget > 0, value % 2 == 0 else { return }
            budget -= 1
            side.sendFromHandler(source: feedback.source, value: (value + 1) % 6)
        }
    }
    side.bindSubscriber(recorders[0])
    for step in script.steps {
        side.advance(toMilliseconds: step.time)
        switch step.action {
        case .send(let source, let value): side.send(source: source, value: value)
        case .finish(let source): side.finish(source: source)
        case .bind:
            let recorder = Recorder()
            recorders.append(recorder)
            side.bindSubscriber(recorder)
        case .cancel(let subscriber):
            side.cancelSubscriber(subscriber)
        }
    }
    side.advance(toMilliseconds: script.lastTime + horizon)
    return History(subscribers: recorders.map(\.events))
}

// MARK: - Signals

/// Signals: `Subject` / `Property` sources on SignalsTesting's `TestScheduler`.
final class SignalsSide: Side {
    let scheduler = TestScheduler()
    private var subjects: [Int: Signals.Subject<Int>] = [:]
    private var properties: [Int: Property<Int>] = [:]
    private var tokens: [any Signals.Cancellable] = []
    /// Connections made while the pipeline is built (`share(in:)`).
    let connections = CancellableBag()
    /// The deliberate differences this run ran into (see `Difference`).
    private(set) var hits: Set<Difference> = []
    /// The pipeline under test, built by `build` once the sources exist.
    private var pipeline: Observable<Int>!

    init(script: Script, build: (SignalsSide) -> Observable<Int>) {
        for (index, kind) in script.sources.enumerated() {
            switch kind {
            case .subject: subjects[index] = Signals.Subject()
            case .property(let initial): properties[index] = Property(initial)
            }
        }
        pipeline = build(self)
    }

    func source(_ index: Int) -> Observable<Int> {
        if let subject = subjects[index] { return subject.asObservable() }
        return properties[index]!.asObservable()
    }

    func hit(_ difference: Difference) { hits.insert(difference) }

    var nowMilliseconds: Int { scheduler.milliseconds }

    func advance(toMilliseconds time: Int) {
        scheduler.advance(to: .milliseconds(time))
    }

    /// How many sends into each source are in progress.
    private var sending: [Int: Int] = [:]
    /// The pipeline has an operator that queues re-entrant sends (see `Stage`).
    var queuesReentrantSends = false

    func send(source: Int, value: Int) {
        sending[source, default: 0] += 1
        defer { sending[source, default: 0] -= 1 }
        if let subject = subjects[source] {
            subject.send(value)
        } else {
            properties[source]!.value = value
        }
    }

    func sendFromHandler(source: Int, value: Int) {
        // Into the source that is delivering (a send or a new binding's replay), or during a
        // send that an operator of the pipeline delivers through a serializer: queued, not nested.
        let anySending = sending.values.contains { $0 > 0 }
        if isBinding || sending[source, default: 0] > 0 || (queuesReentrantSends && anySending) {
            hit(.reentrantSendsAreQueued)
        }
        send(source: source, value: value)
    }

    func finish(source: Int) {
        // A Property cannot finish (`property-never-finishes`); the runner skips such scripts.
        subjects[source]?.finish()
    }

    /// True while a subscriber's `bind` runs.
    private(set) var isBinding = false

    func bindSubscriber(_ recorder: Recorder) {
        let scheduler = self.scheduler
        isBinding = true
        defer { isBinding = false }
        tokens.append(pipeline.bind(
            onValue: { value in
                recorder.events.append(Stamped(time: scheduler.milliseconds, event: .value(value)))
                recorder.onValue?(value)
            },
            onFinish: {
                recorder.events.append(Stamped(time: scheduler.milliseconds, event: .finished))
            }
        ))
    }

    func cancelSubscriber(_ index: Int) {
        tokens[index].cancel()
    }
}

// MARK: - OpenCombine

/// OpenCombine: `PassthroughSubject` / `CurrentValueSubject` sources on `VirtualScheduler`.
final class CombineSide: Side {
    let scheduler = VirtualScheduler()
    private var subjects: [Int: PassthroughSubject<Int, Never>] = [:]
    private var properties: [Int: CurrentValueSubject<Int, Never>] = [:]
    private var tokens: [OpenCombine.AnyCancellable] = []
    /// Connections made while the pipeline is built (`multicast` + `connect()`).
    var connections: [any OpenCombine.Cancellable] = []
    private var pipeline: AnyPublisher<Int, Never>!

    init(script: Script, build: (CombineSide) -> AnyPublisher<Int, Never>) {
        for (index, kind) in script.sources.enumerated() {
            switch kind {
            case .subject: subjects[index] = PassthroughSubject()
            case .property(let initial): properties[index] = CurrentValueSubject(initial)
            }
        }
        pipeline = build(self)
    }

    func source(_ index: Int) -> AnyPublisher<Int, Never> {
        if let subject = subjects[index] { return subject.eraseToAnyPublisher() }
        return properties[index]!.eraseToAnyPublisher()
    }

    var nowMilliseconds: Int { scheduler.milliseconds }

    func advance(toMilliseconds time: Int) {
        scheduler.advance(to: VirtualScheduler.Time(nanoseconds: time * 1_000_000))
    }

    func send(source: Int, value: Int) {
        if let subject = subjects[source] {
            subject.send(value)
        } else {
            properties[source]!.send(value)
        }
    }

    func sendFromHandler(source: Int, value: Int) {
        send(source: source, value: value)
    }

    func finish(source: Int) {
        subjects[source]?.send(completion: .finished)
        properties[source]?.send(completion: .finished)
    }

    func bindSubscriber(_ recorder: Recorder) {
        let scheduler = self.scheduler
        tokens.append(pipeline.sink(
            receiveCompletion: { _ in
                recorder.events.append(Stamped(time: scheduler.milliseconds, event: .finished))
            },
            receiveValue: { value in
                recorder.events.append(Stamped(time: scheduler.milliseconds, event: .value(value)))
                recorder.onValue?(value)
            }
        ))
    }

    func cancelSubscriber(_ index: Int) {
        tokens[index].cancel()
    }
}

extension TestScheduler {
    var milliseconds: Int { Int(now.nanoseconds / 1_000_000) }
}

extension VirtualScheduler {
    var milliseconds: Int { now.nanoseconds / 1_000_000 }
}
