import OpenCombine

/// The OpenCombine side of operators that OpenCombine 0.14.0 lacks, composed from OpenCombine's
/// own operators so that the machinery under test is still OpenCombine's.
enum Oracle {
    private enum Tagged {
        case a(Int)
        case b(Int)
        case aFinished
    }

    /// Combine's `combineLatest`: once both have delivered, every value of either delivers the
    /// latest pair; finishes when both have finished. (OpenCombine 0.14.0 has no CombineLatest.)
    static func combineLatest(
        _ a: AnyPublisher<Int, Never>,
        _ b: AnyPublisher<Int, Never>,
        _ combine: @escaping (Int, Int) -> Int
    ) -> AnyPublisher<Int, Never> {
        [a.map(Tagged.a).eraseToAnyPublisher(), b.map(Tagged.b).eraseToAnyPublisher()]
            .publisher
            .flatMap { $0 }
            .scan((a: Int?.none, b: Int?.none, output: Int?.none)) { state, event in
                var state = state
                switch event {
                case .a(let value): state.a = value
                case .b(let value): state.b = value
                case .aFinished: break
                }
                if let a = state.a, let b = state.b {
                    state.output = combine(a, b)
                } else {
                    state.output = nil
                }
                return state
            }
            .compactMap(\.output)
            .eraseToAnyPublisher()
    }

    /// Combine's `combineLatest` of three: once all three have delivered, every value of any
    /// delivers the latest triple; finishes when all have finished.
    static func combineLatest3(
        _ a: AnyPublisher<Int, Never>,
        _ b: AnyPublisher<Int, Never>,
        _ c: AnyPublisher<Int, Never>,
        _ combine: @escaping (Int, Int, Int) -> Int
    ) -> AnyPublisher<Int, Never> {
        [a.map { (0, $0) }.eraseToAnyPublisher(), b.map { (1, $0) }.eraseToAnyPublisher(),
         c.map { (2, $0) }.eraseToAnyPublisher()]
            .publisher
            .flatMap { $0 }
            .scan((latest: [Int?](repeating: nil, count: 3), output: Int?.none)) { state, event in
                var state = state
                state.latest[event.0] = event.1
                if let a = state.latest[0], let b = state.latest[1], let c = state.latest[2] {
                    state.output = combine(a, b, c)
                } else {
                    state.output = nil
                }
                return state
            }
            .compactMap(\.output)
            .eraseToAnyPublisher()
    }

    /// Combine's `combineLatest` of four: once all four have delivered, every value of any
    /// delivers the latest four; finishes when all have finished.
    static func combineLatest4(
        _ sources: [AnyPublisher<Int, Never>],
        _ combine: @escaping ([Int]) -> Int
    ) -> AnyPublisher<Int, Never> {
        sources.enumerated().map { index, source in source.map { (index, $0) }.eraseToAnyPublisher() }
            .publisher
            .flatMap { $0 }
            .scan((latest: [Int?](repeating: nil, count: sources.count), output: Int?.none)) { state, event in
                var state = state
                state.latest[event.0] = event.1
                let all = state.latest.compactMap { $0 }
                state.output = all.count == sources.count ? combine(all) : nil
                return state
            }
            .compactMap(\.output)
            .eraseToAnyPublisher()
    }

    /// RxSwift's `withLatestFrom` (Combine has none; Signals documents this one): each value of
    /// `a` delivers with the latest of `b`, values before `b`'s first are dropped, finishes when
    /// `a` finishes. `b` is subscribed first, as Signals does, so a replaying `b` is seen at once.
    static func withLatestFrom(
        _ a: AnyPublisher<Int, Never>,
        _ b: AnyPublisher<Int, Never>,
        _ combine: @escaping (Int, Int) -> Int
    ) -> AnyPublisher<Int, Never> {
        [b.map(Tagged.b).eraseToAnyPublisher(), a.map(Tagged.a).append(Tagged.aFinished).eraseToAnyPublisher()]
            .publisher
            .flatMap { $0 }
            .scan((latest: Int?.none, output: Int?.none, isFinished: false)) { state, event in
                var state = state
                state.output = nil
                switch event {
                case .a(let value): state.output = state.latest.map { combine(value, $0) }
                case .b(let value): state.latest = value
                case .aFinished: state.isFinished = true
                }
                return state
            }
            .prefix { !$0.isFinished }
            .compactMap(\.output)
            .eraseToAnyPublisher()
    }

    private enum Counted: Equatable {
        case value(Int)
        case end
    }

    /// Combine's `prefix(_:)`: the first `count` values, then a finish *with the last of them*.
    ///
    /// OpenCombine 0.14.0's `prefix(_:)` finishes only when the value after the last one
    /// arrives (or upstream finishes); Combine's documentation, and the other reimplementations,
    /// finish at once. This composes the documented behaviour from OpenCombine's `scan`,
    /// `flatMap` and `prefix(while:)`. `count == 0` keeps OpenCombine's `prefix(0)`; Signals'
    /// `take(0)` is a deliberate difference (`take-zero-finishes-without-binding`).
    static func prefix(_ upstream: AnyPublisher<Int, Never>, _ count: Int) -> AnyPublisher<Int, Never> {
        guard count > 0 else { return upstream.prefix(0).eraseToAnyPublisher() }
        return upstream
            .scan((index: 0, value: 0)) { state, value in (state.index + 1, value) }
            .flatMap { counted -> Publishers.Sequence<[Counted], Never> in
                switch counted.index {
                case ..<count: [.value(counted.value)].publisher
                case count: [.value(counted.value), .end].publisher
                default: [].publisher
                }
            }
            .prefix { $0 != .end }
            .compactMap { if case .value(let value) = $0 { value } else { nil } }
            .eraseToAnyPublisher()
    }
}

/// Repairs one protocol violation of OpenCombine 0.14.0's `zip`: bound after a source has
/// finished, it sends its finish *before* the subscription, so the next operator (delay,
/// debounce, …) ignores the finish and never finishes. This holds a finish that arrives before
/// the subscription until the subscription has been passed on, and passes on one finish only.
struct SubscriptionFirst<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        upstream.subscribe(Inner(downstream: subscriber))
    }

    private final class Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        let combineIdentifier = CombineIdentifier()
        private let downstream: Downstream
        private var isSubscribed = false
        private var isFinished = false
        private var early: Subscribers.Completion<Failure>?
        private var subscription: Subscription?

        init(downstream: Downstream) { self.downstream = downstream }

        func receive(subscription: Subscription) {
            // Zip refers to its own subscription unowned while it passes on the early finish;
            // keeping it here keeps it alive until this binding is gone.
            self.subscription = subscription
            isSubscribed = true
            downstream.receive(subscription: subscription)
            if let early {
                self.early = nil
                finish(early)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            isFinished ? .none : downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if isSubscribed {
                finish(completion)
            } else if early == nil {
                early = completion
            }
        }

        private func finish(_ completion: Subscribers.Completion<Failure>) {
            guard !isFinished else { return }
            isFinished = true
            downstream.receive(completion: completion)
        }
    }
}
