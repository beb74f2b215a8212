// The Combine bridge: a `Publisher` as a stream, and a stream as an `AnyPublisher`.
//
// Compiled where Combine exists (Apple platforms). It uses only Signals' public API, so that
// Bridges/ (a separate package) compiles this same file against OpenCombine on Linux, with
// `SIGNALS_OPENCOMBINE` defined, and tests it there. That is also why every name Combine
// shares with Signals is written `Signals.Name` here.
#if SIGNALS_OPENCOMBINE
import OpenCombine
import Signals
#elseif canImport(Combine)
import Combine
#endif

#if SIGNALS_OPENCOMBINE || canImport(Combine)

// MARK: - Publisher → Observable

extension Publisher {
    /// This publisher as a Signals stream of `Result`s: each value as `.success`, a failure
    /// as one `.failure` followed by the finish, and `.finished` as the finish.
    ///
    /// Each binding subscribes once, with unlimited demand; cancelling (or releasing) the
    /// binding's token cancels that subscription. Values are delivered on the thread the
    /// publisher sends on, as in Combine (add `receive(on: .main)` to move them).
    ///
    /// ```swift
    /// let pages = repository.pagePublisher(1).asObservable()   // Observable<Result<Page, Error>>
    /// pages.successes().bind { show($0) }.store(in: bag)
    /// ```
    ///
    /// Streams never fail in Signals, so the failure becomes a value; for a publisher that
    /// cannot fail (`Failure == Never`) the overload without `Result` is chosen.
    public func asObservable() -> Signals.Observable<Result<Output, Failure>> {
        Signals.Observable.create { observer in
            let token = sink(
                receiveCompletion: { completion in
                    if case .failure(let error) = completion { observer.send(.failure(error)) }
                    observer.finish()
                },
                receiveValue: { observer.send(.success($0)) }
            )
            return PublisherBindingToken { token.cancel() }
        }
    }
}

extension Publisher where Failure == Never {
    /// This publisher, which cannot fail, as a Signals stream of its values; `.finished`
    /// becomes the stream's finish.
    ///
    /// Each binding subscribes once, with unlimited demand; cancelling (or releasing) the
    /// binding's token cancels that subscription. Values are delivered on the thread the
    /// publisher sends on, as in Combine.
    ///
    /// ```swift
    /// final class Settings: ObservableObject { @Published var query = "" }
    /// let queries = settings.$query.asObservable()   // Observable<String>, current value first
    /// ```
    public func asObservable() -> Signals.Observable<Output> {
        Signals.Observable.create { observer in
            let token = sink(
                receiveCompletion: { _ in observer.finish() },
                receiveValue: { observer.send($0) }
            )
            return PublisherBindingToken { token.cancel() }
        }
    }
}

/// Cancels a binding's Combine subscription (its `Sink`).
private final class PublisherBindingToken: Signals.Cancellable, @unchecked Sendable {
    // Unchecked: `cancel` only calls the `Sink`'s `cancel()`, which Combine makes thread-safe
    // and idempotent; the closure is never replaced.
    private let cancelSubscription: () -> Void

    init(_ cancelSubscription: @escaping () -> Void) {
        self.cancelSubscription = cancelSubscription
    }

    func cancel() {
        cancelSubscription()
    }
}

// MARK: - Observable → AnyPublisher

extension ObservableConvertible {
    /// This stream as a Combine publisher that never fails: its values, then `.finished` when
    /// it finishes.
    ///
    /// Each subscription binds the stream once, right after the subscriber has received its
    /// subscription; cancelling the subscription cancels that binding. Demand is honoured:
    /// values that arrive while the subscriber has no demand wait, in order, in a buffer of
    /// that subscription (unbounded: Signals streams cannot be slowed down), and the finish
    /// waits behind them. With unlimited demand (`sink`, `assign`, `onReceive`) nothing waits.
    ///
    /// ```swift
    /// viewModel.output.title.asPublisher()
    ///     .sink { label.text = $0 }
    ///     .store(in: &combineCancellables)
    /// ```
    public func asPublisher() -> AnyPublisher<Value, Never> {
        ObservablePublisher(upstream: asObservable()).eraseToAnyPublisher()
    }
}

/// A Signals stream as a publisher: one binding per subscription.
struct ObservablePublisher<Output>: Publisher {
    typealias Failure = Never

    let upstream: Signals.Observable<Output>

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Never {
        let subscription = ObservableSubscription(downstream: subscriber)
        subscriber.receive(subscription: subscription)
        subscription.bind(upstream)
    }
}

/// One subscription of `ObservablePublisher`.
///
/// Values, the finish and demand arrive on any thread, re-entrantly too (a subscriber may
/// request more from inside `receive(_:)`). They all go through one `Subject`, the mailbox,
/// bound once: Signals serializes its deliveries (one at a time, re-entrant sends queued in
/// FIFO order), so `SubscriptionState` is only ever touched by one thread at a time and needs
/// no lock of its own.
final class ObservableSubscription<Downstream: Subscriber>: Subscription where Downstream.Failure == Never {
    private let mailbox = Signals.Subject<SubscriptionMessage<Downstream.Input>>()
    /// The mailbox's binding, then the upstream binding. `cancelAll()` cancels and releases
    /// them: the mailbox's binding holds the state, which holds the subscriber, which holds
    /// this subscription.
    private let tokens = CancellableBag()
    private let lifetime = Signals.AnyCancellable()

    init(downstream: Downstream) {
        let state = SubscriptionState(downstream: downstream, lifetime: lifetime)
        tokens.insert(mailbox.bind { state.handle($0) })
    }

    /// Binds `upstream` (once the subscriber holds this subscription), unless already cancelled.
    func bind(_ upstream: Signals.Observable<Downstream.Input>) {
        let mailbox = mailbox
        tokens.insert(upstream.bind(
            onValue: { mailbox.send(.value($0)) },
            onFinish: { mailbox.send(.finished) }
        ))
        // A `cancel()` that ran before the insert above found nothing to cancel.
        if lifetime.isCancelled { tokens.cancelAll() }
    }

    func request(_ demand: Subscribers.Demand) {
        mailbox.send(.request(demand))
    }

    /// Stops deliveries (none is made once this returns on the delivering thread), releases
    /// the subscriber, and cancels the binding.
    func cancel() {
        lifetime.cancel()
        tokens.cancelAll()
    }
}

/// What reaches a subscription's mailbox.
enum SubscriptionMessage<Value> {
    case value(Value)
    case finished
    case request(Subscribers.Demand)
}

/// The state of one subscription: the subscriber's outstanding demand and the values waiting
/// for it. Touched only from the mailbox's (serialized) handler.
final class SubscriptionState<Downstream: Subscriber> where Downstream.Failure == Never {
    private var downstream: Downstream?
    /// Cancelled by the subscription's `cancel()`, which may come from inside `receive(_:)`.
    private let lifetime: Signals.AnyCancellable
    private var demand = Subscribers.Demand.none
    private var waiting: [Downstream.Input] = []
    private var firstWaiting = 0
    private var isUpstreamFinished = false

    init(downstream: Downstream, lifetime: Signals.AnyCancellable) {
        self.downstream = downstream
        self.lifetime = lifetime
    }

    func handle(_ message: SubscriptionMessage<Downstream.Input>) {
        switch message {
        case .value(let value):
            waiting.append(value)
        case .finished:
            isUpstreamFinished = true
        case .request(let more):
            demand += more
        }
        deliver()
    }

    /// Delivers waiting values while there is demand, then the finish once nothing waits.
    private func deliver() {
        guard let downstream else { return }
        while demand > 0, firstWaiting < waiting.count, !lifetime.isCancelled {
            let value = waiting[firstWaiting]
            firstWaiting += 1
            demand -= 1
            demand += downstream.receive(value)
        }
        if firstWaiting == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            firstWaiting = 0
        } else if firstWaiting > 64, firstWaiting * 2 > waiting.count {
            waiting.removeFirst(firstWaiting)
            firstWaiting = 0
        }
        if isUpstreamFinished, waiting.isEmpty, !lifetime.isCancelled {
            self.downstream = nil
            downstream.receive(completion: .finished)
        }
    }
}

#endif
