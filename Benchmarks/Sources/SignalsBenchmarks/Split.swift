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
