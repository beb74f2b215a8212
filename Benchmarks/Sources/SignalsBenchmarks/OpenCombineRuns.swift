import OpenCombine

/// The workloads of `SignalsRuns`, the same work with the same closures, against OpenCombine
/// (`PassthroughSubject` for `Subject`, `CurrentValueSubject` for `Property`, `sink` for
/// `bind`, `map(_:).switchToLatest()` for `flatMapLatest`). Each returns the nanoseconds of
/// its timed part.
enum OpenCombineRuns {
    /// 1. subject → map(+1) → filter(even) → bind summing.
    static func sendChain(_ sends: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let accumulator = Accumulator()
        let token = subject
            .map { $0 + 1 }
            .filter { $0 & 1 == 0 }
            .sink { accumulator.total &+= $0 }
        let start = now()
        for value in 0..<sends { subject.send(value) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 2. One subject, `bindings` bindings each summing.
    static func fanOut(sends: Int, bindings: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let accumulator = Accumulator()
        let tokens = (0..<bindings).map { _ in subject.sink { accumulator.total &+= $0 } }
        let start = now()
        for value in 0..<sends { subject.send(value) }
        let elapsed = now() - start
        withExtendedLifetime(tokens) {}
        consume(accumulator.total)
        return elapsed
    }

    /// 3. Bind a handler and cancel its token, `pairs` times.
    static func bindCancel(_ pairs: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let accumulator = Accumulator()
        let start = now()
        for _ in 0..<pairs {
            let token = subject.sink { accumulator.total &+= $0 }
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
            let subject = PassthroughSubject<Int, Never>()
            let accumulator = Accumulator()
                var tokens: [AnyCancellable] = []
            tokens.reserveCapacity(order.count)
            for _ in 0..<order.count { tokens.append(subject.sink { accumulator.total &+= $0 }) }
            let start = now()
            for index in order { tokens[index].cancel() }
            elapsed += now() - start
            subject.send(1)
            precondition(accumulator.total == 0)
        }
        return elapsed
    }

    /// 5. Property set → removeDuplicates → bind summing; every fourth value repeats.
    static func propertySet(_ sets: Int) -> UInt64 {
        let property = CurrentValueSubject<Int, Never>(0)
        let accumulator = Accumulator()
        let token = property
            .removeDuplicates()
            .sink { accumulator.total &+= $0 }
        let start = now()
        for index in 1...sets { property.value = propertyValue(index) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 6 and 6z. zip of two subjects (OpenCombine has no combineLatest), sends alternating
    /// between them.
    static func zip(_ pairs: Int) -> UInt64 {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let accumulator = Accumulator()
        let token = first
            .zip(second)
            .sink { accumulator.total &+= $0.0 &+ $0.1 }
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

    /// 7. map + switchToLatest: each outer value switches to one of two inner subjects, which
    /// then sends one value.
    static func flatMapLatest(_ switches: Int) -> UInt64 {
        let outer = PassthroughSubject<Int, Never>()
        let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let accumulator = Accumulator()
        let token = outer
            .map { inners[$0 & 1] }
            .switchToLatest()
            .sink { accumulator.total &+= $0 }
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
        let subject = PassthroughSubject<Int, Never>()
        let accumulator = Accumulator()
        subject.sink { accumulator.total &+= $0 }.cancel()
        let before = residentBytes()
        var tokens: [AnyCancellable] = []
        tokens.reserveCapacity(count)
        for _ in 0..<count { tokens.append(subject.sink { accumulator.total &+= $0 }) }
        let after = residentBytes()
        subject.send(1)
        precondition(accumulator.total == count)
        withExtendedLifetime(tokens) {}
        return Double(after - before) / Double(count)
    }
}
