import OpenCombine
import Signals

// Workload 14 (issue 35): bounded concurrency, beside OpenCombine's `flatMap(maxPublishers:)`.
//
// 14:  a subject → `flatMap(maxConcurrent: 2) { just(v) }` → bind; each inner stream finishes
//      while it is bound, so every send admits, binds and retires one inner stream.
// 14q: an upload queue: per iteration four values arrive at once, each mapped to its own inner
//      subject (`first()`); two run, two wait; then each inner sends one value, which finishes
//      it and admits the next waiting one. OpenCombine's column puts an unlimited buffer in
//      front (`buffer(size: .max, prefetch: .byRequest, whenFull: .dropNewest)`), since its
//      `PassthroughSubject` would drop the values sent while both places are taken; that is
//      what Signals' queue does, and what the Conformance package compares.

func flatMapMaxConcurrentWorkload(_ configuration: Configuration) -> [Row] {
    progress("14. flatMap(maxConcurrent: 2) / flatMap(maxPublishers: .max(2)): per send, and an upload queue")
    let sends = configuration.count(1_000_000)
    let signals = measure("Signals", nominal: sends, configuration: configuration, SignalsRuns.flatMapMaxConcurrentJust)
    let openCombine = measure("OpenCombine", nominal: sends, configuration: configuration,
                              OpenCombineRuns.flatMapMaxConcurrentJust)
    let iterations = configuration.count(250_000)
    let signalsQueue = measure("Signals", nominal: iterations, configuration: configuration,
                               SignalsRuns.flatMapMaxConcurrentQueue)
    let openCombineQueue = measure("OpenCombine", nominal: iterations, configuration: configuration,
                                   OpenCombineRuns.flatMapMaxConcurrentQueue)
    return [
        Row(
            id: "14", name: "flatMap(maxConcurrent: 2) { just }, per send", unit: "ns/send",
            signals: signals.median, openCombine: openCombine.median,
            note: "OpenCombine: flatMap(maxPublishers: .max(2))"
        ),
        Row(
            id: "14q", name: "flatMap(maxConcurrent: 2), 4 queued inners", unit: "ns/iteration",
            signals: signalsQueue.median, openCombine: openCombineQueue.median,
            note: "OpenCombine: buffer + flatMap(maxPublishers: .max(2))"
        ),
    ]
}

extension SignalsRuns {
    /// 14. Each send binds one `just` inner stream, which finishes at once.
    static func flatMapMaxConcurrentJust(_ sends: Int) -> UInt64 {
        let outer = Subject<Int>()
        let accumulator = Accumulator()
        let token = outer.asObservable()
            .flatMap(maxConcurrent: 2) { Observable.just($0) }
            .bind { accumulator.total &+= $0 }
        let start = now()
        for value in 0..<sends { outer.send(value) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 14q. Four inner streams per iteration, two at a time.
    static func flatMapMaxConcurrentQueue(_ iterations: Int) -> UInt64 {
        let outer = Subject<Int>()
        let inners = (0..<4).map { _ in Subject<Int>() }
        let innerStreams = inners.map { $0.asObservable().first() }
        let accumulator = Accumulator()
        let token = outer.asObservable()
            .flatMap(maxConcurrent: 2) { innerStreams[$0] }
            .bind { accumulator.total &+= $0 }
        let start = now()
        for _ in 0..<iterations {
            for index in 0..<4 { outer.send(index) }
            for index in 0..<4 { inners[index].send(index) }
        }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }
}

extension OpenCombineRuns {
    /// 14. The same with `flatMap(maxPublishers: .max(2))` over `Just`.
    static func flatMapMaxConcurrentJust(_ sends: Int) -> UInt64 {
        let outer = PassthroughSubject<Int, Never>()
        let accumulator = Accumulator()
        let token = outer
            .flatMap(maxPublishers: .max(2)) { Just($0) }
            .sink { accumulator.total &+= $0 }
        let start = now()
        for value in 0..<sends { outer.send(value) }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// 14q. The same queue, behind an unlimited buffer.
    static func flatMapMaxConcurrentQueue(_ iterations: Int) -> UInt64 {
        let outer = PassthroughSubject<Int, Never>()
        let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let accumulator = Accumulator()
        let token = outer
            .buffer(size: .max, prefetch: .byRequest, whenFull: .dropNewest)
            .flatMap(maxPublishers: .max(2)) { inners[$0].first() }
            .sink { accumulator.total &+= $0 }
        let start = now()
        for _ in 0..<iterations {
            for index in 0..<4 { outer.send(index) }
            for index in 0..<4 { inners[index].send(index) }
        }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }
}
