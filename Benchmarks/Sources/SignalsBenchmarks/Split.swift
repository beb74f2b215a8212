import Signals

// Workload 1 split in two: the engine's part of a send (a subject and one binding) beside the
// same closure called directly. In a file of its own, after the others: adding functions
// before the workloads' own moved their closures' code, and workload 2 with it (166 → 195 ns
// per send of 100, with the library unchanged).

extension SignalsRuns {
    /// 1 without the operators: subject → bind summing, the engine's part of a send alone
    /// (profile `1bind-signals`, beside `1bind-floor`).
    static func sendBind(_ sends: Int) -> UInt64 {
        let subject = Subject<Int>()
        let accumulator = Accumulator()
        let token = subject.bind { accumulator.total &+= $0 }
        let start = now()
        for value in 0..<sends { subject.send(value) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }
}

extension Floors {
    /// 1 without the operators: the summing closure alone (profile `1bind-floor`).
    static func sendBind(_ sends: Int) -> UInt64 {
        let accumulator = Accumulator()
        let sinks: [(Int) -> Void] = opaque([{ accumulator.total &+= $0 }])
        let sink = sinks[0]
        let start = now()
        for value in 0..<sends { sink(value) }
        let elapsed = now() - start
        consume(accumulator.total)
        return elapsed
    }
}

// Workload 1 with its three closures fused into one handler, as operators that cost nothing
// would leave it: what the engine costs a send when the operator layers are gone. The closures
// come from functions the optimizer does not see into, so they are called directly with the
// value in a register (taken out of an array, as `Floors.sendChain` does, each is called
// through a reabstraction thunk, which is not what a fused operator would pay).

extension SignalsRuns {
    /// 1 with the operators fused: subject → bind of one closure calling map, filter and the
    /// sum (profile `1fused-signals`, beside `1fused-floor`).
    static func sendFused(_ sends: Int) -> UInt64 {
        let subject = Subject<Int>()
        let accumulator = Accumulator()
        let token = subject.bind(Fused.chain(accumulator))
        let start = now()
        for value in 0..<sends { subject.send(value) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }
}

extension Floors {
    /// 1 with the operators fused: the same closure called directly (profile `1fused-floor`).
    static func sendFused(_ sends: Int) -> UInt64 {
        let accumulator = Accumulator()
        let chain = Fused.chain(accumulator)
        let start = now()
        for value in 0..<sends { chain(value) }
        let elapsed = now() - start
        consume(accumulator.total)
        return elapsed
    }
}

/// Workload 1's closures, made where the optimizer cannot see them from the loops.
enum Fused {
    @inline(never)
    static func map() -> (Int) -> Int { { $0 + 1 } }

    @inline(never)
    static func filter() -> (Int) -> Bool { { $0 & 1 == 0 } }

    @inline(never)
    static func sum(into accumulator: Accumulator) -> (Int) -> Void { { accumulator.total &+= $0 } }

    /// One closure calling map, filter and the sum.
    @inline(never)
    static func chain(_ accumulator: Accumulator) -> (Int) -> Void {
        let (map, filter, sum) = (map(), filter(), sum(into: accumulator))
        return { value in
            let mapped = map(value)
            if filter(mapped) { sum(mapped) }
        }
    }
}
