// Combinators over many streams: `combineLatest` of three with a transform, and the array
// forms of `combineLatest`, `zip` and `merge` (RxSwift's `Observable.combineLatest(_:)`).

extension ObservableConvertible {
    /// The latest values of three streams passed through `transform`, once each has
    /// delivered; finishes when all have.
    ///
    /// ```swift
    /// let canLogIn = email.combineLatest(password, isLoading) { email, password, isLoading in
    ///     !email.isEmpty && password.count >= 8 && !isLoading
    /// }
    /// ```
    public func combineLatest<B, C, Result>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ transform: @escaping (Value, B, C) -> Result
    ) -> Observable<Result> {
        Observable.combineLatest(self, b, c, transform: transform)
    }
}

extension Observable {
    /// Delivers the values of all `sources` as they arrive; finishes when all have finished.
    ///
    /// ```swift
    /// let refresh = Observable.merge(input.viewDidLoad, input.pulledToRefresh, retryTapped)
    /// ```
    public static func merge(_ sources: any ObservableConvertible<Value>...) -> Observable<Value> {
        merge(sources.map { $0.asObservable() })
    }

    /// Delivers the values of all `sources` (subjects, properties or observables) as they
    /// arrive; finishes when all have finished. No sources finishes at once.
    public static func merge(_ sources: [any ObservableConvertible<Value>]) -> Observable<Value> {
        merge(sources.map { $0.asObservable() })
    }

    /// The latest value of every stream in `sources`, in order, each time one delivers (once
    /// all have delivered); finishes when all have finished. No sources finishes at once.
    ///
    /// ```swift
    /// let allValid = Observable.combineLatest(fields.map(\.isValid)).map { $0.allSatisfy { $0 } }
    /// ```
    public static func combineLatest<Element>(
        _ sources: [any ObservableConvertible<Element>]
    ) -> Observable<Value> where Value == [Element] {
        combiningAll(sources.map { $0.asObservable() }) { CombineLatestManyStateMachine(count: $0) }
    }

    /// The n-th values of all `sources`, in order, as one array; finishes as soon as no further
    /// array is possible. No sources finishes at once.
    public static func zip<Element>(
        _ sources: [any ObservableConvertible<Element>]
    ) -> Observable<Value> where Value == [Element] {
        combiningAll(sources.map { $0.asObservable() }) { ZipManyStateMachine(count: $0) }
    }

    /// Binds every source into one serializer running `Machine`'s decisions (through a
    /// `ManySourceCombiner`).
    static func combiningAll<Element, Machine: ManySourceStateMachine>(
        _ sources: [Observable<Element>],
        machine: @escaping (Int) -> Machine
    ) -> Observable<Value> where Value == [Element], Machine.Element == Element {
        Observable { downstream in
            if sources.isEmpty {
                downstream.onFinish()
                return AnyCancellable()
            }
            let combiner = ManySourceCombiner(machine: machine(sources.count), downstream: downstream, sources: sources)
            return AnyCancellable { combiner.cancel() }
        }
    }
}

/// The thin runner of a `ManySourceStateMachine`: one `Serializer` holding the machine, and
/// one binding per source whose events become the machine's events (the source's index
/// tells them apart). It decides nothing itself.
final class ManySourceCombiner<Machine: ManySourceStateMachine>: Sendable {
    private let serializer: Serializer<Machine, [Machine.Element]>
    /// The sources' bindings, made in order.
    private let tokens: [any Cancellable]

    /// Binds each source, in order; its values and finish run the machine's decisions.
    init(machine: Machine, downstream: Observer<[Machine.Element]>, sources: [Observable<Machine.Element>]) {
        let serializer = Serializer(state: machine, downstream: downstream)
        var tokens: [any Cancellable] = []
        tokens.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            tokens.append(source.subscribe(Observer(
                onValue: { value in serializer.run { $0.received(value, at: index) } },
                onFinish: { serializer.run { $0.finished(at: index) } }
            )))
        }
        self.serializer = serializer
        self.tokens = tokens
    }

    /// Stops delivery, then cancels every source's binding.
    func cancel() {
        serializer.cancel()
        for token in tokens { token.cancel() }
    }
}

/// The decisions of an operator over an array of sources, free of locks and threads.
protocol ManySourceStateMachine: StateMachineMetatype {
    associatedtype Element
    mutating func received(_ value: Element, at index: Int) -> Emission<[Element]>
    mutating func finished(at index: Int) -> Emission<[Element]>
}

/// The decisions of `combineLatest` over an array: the latest of each, once all have one.
struct CombineLatestManyStateMachine<Element>: ManySourceStateMachine {
    private(set) var latest: [Element?]
    private var missing: Int
    private var running: Int

    init(count: Int) {
        latest = Array(repeating: nil, count: count)
        missing = count
        running = count
    }

    mutating func received(_ value: Element, at index: Int) -> Emission<[Element]> {
        if latest[index] == nil { missing -= 1 }
        latest[index] = value
        guard missing == 0 else { return .none }
        return .value(latest.map { $0! })
    }

    mutating func finished(at index: Int) -> Emission<[Element]> {
        running -= 1
        return running == 0 ? .finish : .none
    }
}

/// The decisions of `zip` over an array: the oldest unpaired value of each source.
struct ZipManyStateMachine<Element>: ManySourceStateMachine {
    private var buffers: [FIFOQueue<Element>]
    private var isFinished: [Bool]

    init(count: Int) {
        buffers = Array(repeating: FIFOQueue(), count: count)
        isFinished = Array(repeating: false, count: count)
    }

    /// A finished source has nothing buffered: no array can be made again.
    private var isExhausted: Bool {
        buffers.indices.contains { isFinished[$0] && buffers[$0].isEmpty }
    }

    mutating func received(_ value: Element, at index: Int) -> Emission<[Element]> {
        buffers[index].append(value)
        guard buffers.allSatisfy({ !$0.isEmpty }) else { return .none }
        var row: [Element] = []
        row.reserveCapacity(buffers.count)
        for index in buffers.indices { row.append(buffers[index].popFirst()!) }
        return isExhausted ? .valueAndFinish(row) : .value(row)
    }

    mutating func finished(at index: Int) -> Emission<[Element]> {
        isFinished[index] = true
        return isExhausted ? .finish : .none
    }
}
