import Signals

/// The workloads written against Signals. Each returns the nanoseconds of its timed part.
/// `OpenCombineRuns` does the same work, with the same closures, against OpenCombine.
enum SignalsRuns {
    /// 1. subject → map(+1) → filter(even) → bind summing.
    static func sendChain(_ sends: Int) -> UInt64 {
        let subject = Subject<Int>()
        let accumulator = Accumulator()
        let token = subject.asObservable()
            .map { $0 + 1 }
            .filter { $0 & 1 == 0 }
            .bind { accumulator.total &+= $0 }
        let start = now()
        for value in 0..<sends { subject.send(value) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 1, spelled directly on the subject (through `ObservableConvertible`, no
    /// `asObservable()`): must cost what `sendChain` costs (profile `1direct-signals`).
    static func sendChainDirect(_ sends: Int) -> UInt64 {
        let subject = Subject<Int>()
        let accumulator = Accumulator()
        let token = subject
            .map { $0 + 1 }
            .filter { $0 & 1 == 0 }
            .bind { accumulator.total &+= $0 }
        let start = now()
        for value in 0..<sends { subject.send(value) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 2. One subject, `bindings` bindings each summing.
    static func fanOut(sends: Int, bindings: Int) -> UInt64 {
        let subject = Subject<Int>()
        let accumulator = Accumulator()
        let observable = subject.asObservable()
        let tokens = (0..<bindings).map { _ in observable.bind { accumulator.total &+= $0 } }
        let start = now()
        for value in 0..<sends { subject.send(value) }
        let elapsed = now() - start
        withExtendedLifetime(tokens) {}
        consume(accumulator.total)
        return elapsed
    }

    /// 3. Bind a handler and cancel its token, `pairs` times.
    static func bindCancel(_ pairs: Int) -> UInt64 {
        let subject = Subject<Int>()
        let accumulator = Accumulator()
        let observable = subject.asObservable()
        let start = now()
        for _ in 0..<pairs {
            let token = observable.bind { accumulator.total &+= $0 }
            token.cancel()
        }
        let elapsed = now() - start
        subject.send(1)
        consume(accumulator.total)
        return elapsed
    }

    /// 4. `bindings` bindings on one subject, cancelled in the given order (only cancelling
    /// is timed); `rounds` times.
    static func randomCancel(order: [Int], rounds: Int) -> UInt64 {
        var elapsed: UInt64 = 0
        for _ in 0..<rounds {
            let subject = Subject<Int>()
            let accumulator = Accumulator()
            let observable = subject.asObservable()
            var tokens: [any Cancellable] = []
            tokens.reserveCapacity(order.count)
            for _ in 0..<order.count { tokens.append(observable.bind { accumulator.total &+= $0 }) }
            let start = now()
            for index in order { tokens[index].cancel() }
            elapsed += now() - start
            subject.send(1)
            precondition(accumulator.total == 0 && subject.bindingCount == 0)
        }
        return elapsed
    }

    /// 5. Property set → removeDuplicates → bind summing; every fourth value repeats.
    static func propertySet(_ sets: Int) -> UInt64 {
        let property = Property(0)
        let accumulator = Accumulator()
        let token = property.asObservable()
            .removeDuplicates()
            .bind { accumulator.total &+= $0 }
        let start = now()
        for index in 1...sets { property.value = propertyValue(index) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 6. combineLatest of two subjects, sends alternating between them.
    static func combineLatest(_ pairs: Int) -> UInt64 {
        alternatingPairs(pairs) { $0.combineLatest($1) }
    }

    /// 6z. zip of two subjects, sends alternating between them.
    static func zip(_ pairs: Int) -> UInt64 {
        alternatingPairs(pairs) { $0.zip($1) }
    }

    /// Sends `pairs` values into each of two subjects, alternating, through `combine`.
    private static func alternatingPairs(
        _ pairs: Int,
        _ combine: (Observable<Int>, Observable<Int>) -> Observable<(Int, Int)>
    ) -> UInt64 {
        let first = Subject<Int>()
        let second = Subject<Int>()
        let accumulator = Accumulator()
        let token = combine(first.asObservable(), second.asObservable())
            .bind { accumulator.total &+= $0.0 &+ $0.1 }
        let start = now()
        for value in 0..<pairs {
            first.send(value)
            second.send(value)
        }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 7. flatMapLatest: each outer value switches to one of two inner subjects, which then
    /// sends one value.
    static func flatMapLatest(_ switches: Int) -> UInt64 {
        let outer = Subject<Int>()
        let inners = [Subject<Int>(), Subject<Int>()]
        let innerStreams = inners.map { $0.asObservable() }
        let accumulator = Accumulator()
        let token = outer.asObservable()
            .flatMapLatest { innerStreams[$0 & 1] }
            .bind { accumulator.total &+= $0 }
        let start = now()
        for value in 0..<switches {
            outer.send(value)
            inners[value & 1].send(value)
        }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 8. Resident bytes per live binding, `count` bindings held on one subject.
    static func memoryPerBinding(_ count: Int) -> Double {
        let subject = Subject<Int>()
        let accumulator = Accumulator()
        let observable = subject.asObservable()
        observable.bind { accumulator.total &+= $0 }.cancel()
        let before = residentBytes()
        var tokens: [any Cancellable] = []
        tokens.reserveCapacity(count)
        for _ in 0..<count { tokens.append(observable.bind { accumulator.total &+= $0 }) }
        let after = residentBytes()
        subject.send(1)
        precondition(accumulator.total == count)
        withExtendedLifetime(tokens) {}
        return Double(after - before) / Double(count)
    }
}
